import Glibc

/// The one HTTP exchange the purger makes: `PURGE {path}` with `xkey-purge`, on a fresh
/// blocking connection with a 2-second bound on connecting, sending and receiving (set on the
/// socket), reading only the status line. Runs on an edge's own thread.
enum EdgeHTTP {
    static let timeoutSeconds = 2

    /// Nil when the edge answered 2xx; else the reason.
    static func purge(_ url: EdgeURL, tags: String) -> String? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(url.host, String(url.port), &hints, &found) == 0, let first = found else {
            return "cannot resolve \(url.host)"
        }
        defer { freeaddrinfo(found) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard fd >= 0 else { return "socket: errno \(errno)" }
        defer { close(fd) }
        var limit = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        // Linux applies SO_SNDTIMEO to connect as well.
        guard connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else { return "connect: errno \(errno)" }
        let request = Array((
            "PURGE \(url.path) HTTP/1.1\r\nHost: \(url.authority)\r\nxkey-purge: \(tags)\r\n"
            + "Content-Length: 0\r\nConnection: close\r\nUser-Agent: monogram\r\n\r\n").utf8)
        var offset = 0
        while offset < request.count {
            let written = request[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return "send: errno \(errno)" }
            offset += written
        }
        // "HTTP/1.1 200" is all we need: 12 bytes.
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while head.count < 12 {
            let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { return head.isEmpty ? "no answer (errno \(errno))" : "short answer" }
            head += buffer[..<received]
        }
        guard head.starts(with: "HTTP/1.".utf8), head[9] == UInt8(ascii: "2") else {
            let line = head.prefix { $0 != 13 && $0 != 10 }.prefix(80).map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }
            return "answered \(String(decoding: line, as: UTF8.self))"
        }
        return nil
    }
}
