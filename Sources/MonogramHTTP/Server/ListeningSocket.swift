import CSystem
import Glibc

/// Owns one bound, listening, non-blocking TCP socket.
///
/// One per server, registered in every loop's epoll with `EPOLLEXCLUSIVE`. No `SO_REUSEPORT`:
/// with it a second process (another Monogram included) could bind the same port and silently
/// take a share of the connections; without it that bind fails with `EADDRINUSE` (exit 2).
final class ListeningSocket: Sendable {
    let descriptor: Int32
    let port: Int

    /// Binds `host:port`; IPv6 hosts listen dual-stack. With `port == 0` the kernel picks one.
    /// `sendBufferBytes`: `SO_SNDBUF` for every accepted socket (they inherit it, and with it
    /// the end of the kernel's autotuning); 0 leaves the kernel's default.
    init(host: String, port: Int, sendBufferBytes: Int = 0, backlog: Int32 = 1024) throws(SocketError) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let info = list else {
            throw SocketError("getaddrinfo(\(host))", errno: EINVAL)
        }
        defer { freeaddrinfo(list) }

        let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SocketError("socket", errno: errno) }
        var on: Int32 = 1
        var off: Int32 = 0
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if sendBufferBytes > 0 {
            var size = Int32(clamping: sendBufferBytes)
            setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if info.pointee.ai_family == AF_INET6 {
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &off, socklen_t(MemoryLayout<Int32>.size))
        }
        guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw SocketError("bind(\(host):\(port))", errno: code)
        }
        guard listen(fd, backlog) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw SocketError("listen", errno: code)
        }
        self.descriptor = fd
        self.port = ListeningSocket.boundPort(fd)
    }

    /// The send buffer the kernel gives each accepted socket (`SO_SNDBUF` as read back: twice
    /// what was set).
    var sendBufferBytes: Int {
        var size: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, &length) == 0 ? Int(size) : -1
    }

    /// Accepts one pending connection, non-blocking and close-on-exec; nil when none is pending.
    func accept() -> Int32? {
        let fd = csystem_accept(descriptor)
        return fd >= 0 ? fd : nil
    }

    /// Refuses new connections from now on (Linux resets the listening socket and wakes every
    /// epoll waiting on it) while the descriptor stays valid for loops still watching it.
    func stopAccepting() {
        Glibc.shutdown(descriptor, Int32(SHUT_RD))
    }

    deinit {
        Glibc.close(descriptor)
    }

    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        return SocketAddress.port(of: storage)
    }
}
