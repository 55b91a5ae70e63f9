import CSystem
import Glibc

/// A tiny blocking HTTP client for `monogram healthcheck` (the container has no curl).
public enum HealthProbe {
    /// True when `GET /healthz` on host:port answers 200 within `timeout` seconds.
    public static func check(host: String, port: Int, timeout: Double = 3) -> Bool {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let target = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
        guard getaddrinfo(target, String(port), &hints, &list) == 0, let info = list else { return false }
        defer { freeaddrinfo(list) }
        let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else { return false }
        let request = "GET /healthz HTTP/1.1\r\nHost: \(target)\r\nConnection: close\r\n\r\n"
        guard request.withCString({ send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count >= 12 else { return false }
        return buffer[9..<12].elementsEqual("200".utf8)
    }
}
