import Foundation
import Glibc
import MonogramCore
import MonogramPictures
import Testing

/// Every load is answered by its deadline, measured from the request's arrival, whatever holds
/// the picture threads (issue 11, break 4: queued loads used to wait with no deadline).
@Suite("Picture deadlines")
struct DeadlineTests {
    /// A TCP listener that never accepts: connections complete in the kernel's backlog and the
    /// request is never answered, so a fetch holds its picture thread until its own timeout.
    final class SilentOrigin: Sendable {
        let fd: Int32
        let port: Int

        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.fd = fd
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
            try #require(bound)
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        /// Closing resets the waiting connections, which ends the held fetch.
        func stop() { close(fd) }
    }

    @Test("a load queued behind a picture thread held far past its deadline is answered at the deadline")
    func queuedLoadAnswered() throws {
        let origin = try SilentOrigin()
        defer { origin.stop() }
        var settings = PictureSettings()
        settings.allowedHosts = ["127.0.0.1:\(origin.port)"]
        settings.maxConcurrentFetches = 1
        // Far longer than `PictureLoads.wait`'s limit: without deadlines from arrival, the second
        // load would wait for the first fetch and the test would fail with no answer.
        settings.totalTimeout = 300
        settings.connectTimeout = 1
        let service = PictureService(settings: settings)
        let held = try service.validate("http://127.0.0.1:\(origin.port)/held.png")
        let queued = try service.validate("http://127.0.0.1:\(origin.port)/queued.png")
        service.load(held, pixelSize: 64, deadline: .now + .seconds(300)) { _ in }
        let answered = PictureLoads.wait(1) { done in service.load(queued, pixelSize: 64, deadline: .now + .milliseconds(200), completion: done) }
        let load = try #require(answered.first, "no answer: the queued load waited past its deadline")
        #expect(load.result.failure == .timeout)
        #expect(load.ttl == 0, "a deadline is not the picture's fault: not remembered")
        #expect(service.counters.count(.failed(.timeout)) == 1)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Decode once per URL: every size and every face is reduced from one decoded square.
@Suite("Decoded-source cache")
struct DecodedCacheTests {
    /// Serves `body` to every connection, on one thread, until stopped.
    final class FileOrigin: Sendable {
        let silent: DeadlineTests.SilentOrigin

        init(body: [UInt8]) throws {
            silent = try DeadlineTests.SilentOrigin()
            let fd = silent.fd
            let head = Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
            Thread.detachNewThread {
                while true {
                    let client = accept(fd, nil, nil)
                    guard client >= 0 else { return }
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    _ = recv(client, &buffer, buffer.count, 0)
                    let answer = head + body
                    _ = answer.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    close(client)
                }
            }
        }

        var port: Int { silent.port }
        func stop() { silent.stop() }
    }

    @Test("ten concurrent loads of one URL and then smaller sizes decode it once")
    func decodesOnce() throws {
        let origin = try FileOrigin(body: HostilePictures.zeroPNG(width: 512, height: 384))
        defer { origin.stop() }
        var settings = PictureSettings()
        settings.allowedHosts = ["127.0.0.1:\(origin.port)"]
        // Deadlines far away: this test is about decoding once, and a loaded machine must not
        // turn a slow first fetch into a timeout and a second fetch.
        settings.totalTimeout = 120
        let service = PictureService(settings: settings)
        let url = try service.validate("http://127.0.0.1:\(origin.port)/face.png")
        // All ten are asked before any answer is awaited.
        let sides = PictureLoads.wait(10) { done in
            for _ in 0..<10 { service.load(url, pixelSize: 96, completion: done) }
        }.map { $0.bitmap?.side ?? 0 }
        #expect(sides == Array(repeating: 96, count: 10))
        for size in [48, 20, 96] {
            let load = PictureLoads.wait(1) { service.load(url, pixelSize: size, completion: $0) }.first
            #expect(load?.bitmap.map { $0.side >= size && $0.side < 2 * size } == true)
        }
        #expect(service.counters.decodes == 1)
        #expect(service.counters.count(.fetched) == 1)
        // A larger size than the cached square holds (and the source has) decodes again.
        #expect(PictureLoads.wait(1) { service.load(url, pixelSize: 300, completion: $0) }.first?.bitmap?.side == 384)
        #expect(service.counters.decodes == 2)
    }
}

/// Waits for `count` completions on the test's own thread (a semaphore, not `await`): the
/// answers come from picture and timer threads, so a test pool starved by the many blocking live
/// tests running beside it cannot delay them. Returns what arrived within a limit far above any
/// deadline in these tests (so "no answer" fails the test instead of hanging it).
enum PictureLoads {
    static func wait(_ count: Int, _ start: (@escaping PictureService.Completion) -> Void) -> [PictureLoad] {
        let arrived = DispatchSemaphore(value: 0)
        let lock = NSLock()
        nonisolated(unsafe) var loads: [PictureLoad] = []
        start { load in
            lock.lock()
            loads.append(load)
            lock.unlock()
            arrived.signal()
        }
        for _ in 0..<count where arrived.wait(timeout: .now() + 90) == .timedOut { break }
        lock.lock()
        defer { lock.unlock() }
        return loads
    }
}
