import Glibc
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

    @Test("a load queued behind a picture thread held far past its deadline is answered at the deadline", .timeLimit(.minutes(1)))
    func queuedLoadAnswered() async throws {
        let origin = try SilentOrigin()
        defer { origin.stop() }
        var settings = PictureSettings()
        settings.allowedHosts = ["127.0.0.1:\(origin.port)"]
        settings.maxConcurrentFetches = 1
        // Longer than the test's own time limit: without deadlines from arrival, the second
        // load would wait for the first fetch and the test would fail by its time limit.
        settings.totalTimeout = 300
        settings.connectTimeout = 1
        let service = PictureService(settings: settings)
        let held = try service.validate("http://127.0.0.1:\(origin.port)/held.png")
        let queued = try service.validate("http://127.0.0.1:\(origin.port)/queued.png")
        service.load(held, pixelSize: 64, deadline: .now + .seconds(300)) { _ in }
        let load = await service.load(queued, pixelSize: 64, deadline: .now + .milliseconds(200))
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
