import Foundation
import MonogramSync

/// What the kernel says about the server process: resident memory and open descriptors, read
/// from /proc, so hardening tests can check bounds without the server exposing anything.
extension MonogramProcess {
    /// VmRSS in bytes.
    var residentBytes: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }

    /// Open sockets of the server process: its listeners plus one per connection (font files
    /// opened by the first render do not count).
    var openSockets: Int {
        let directory = "/proc/\(process.processIdentifier)/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0))?.hasPrefix("socket:") == true }.count
    }

    /// Open descriptors of the server process.
    var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? -1
    }
}

/// Polls `condition` every 20 ms until it holds or `seconds` pass; for states only visible by
/// looking (a descriptor the server closed), never as a stand-in for a readiness signal.
func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

extension RawClient {
    /// Sends until the socket has stayed unwritable for `quiet` milliseconds (the server has
    /// stopped reading); returns the bytes taken.
    func sendUntilFull(_ bytes: [UInt8], quiet: Int32 = 1000) -> Int {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                offset += n
                continue
            }
            guard n < 0, errno == EAGAIN || errno == EINTR else { break }  // closed or reset
            var waiter = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&waiter, 1, quiet) <= 0 || waiter.revents & Int16(POLLOUT) == 0 { break }
        }
        return offset
    }

    /// Caps this socket's kernel buffers, so a client that stops reading stalls the server at
    /// once rather than after megabytes of loopback autotuning.
    func limitBuffers(to bytes: Int32) {
        var size = bytes
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Reads until EOF or reset; true if the peer ended the connection, false on a read timeout.
    func readsToEnd(timeout: Int) -> Bool {
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 { continue }
            return n == 0 || errno == ECONNRESET
        }
    }
}

/// Runs `body(0..<count)` on `count` threads of its own and returns the results in order.
/// Blocking socket clients need real threads: Swift's cooperative pool has one per core, so a
/// task group of blocking clients would quietly run two at a time.
func onThreads<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) -> [Result<T, any Error>] {
    let results = Locked<[Result<T, any Error>?]>(Array(repeating: nil, count: count))
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        let thread = Thread {
            let result = Result { try body(index) }
            results.withLock { $0[index] = result }
            done.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    done.wait()
    return results.withLock { $0.map { $0! } }
}
