import Glibc
import Testing
@testable import MonogramHTTP

/// `server.send_buffer_bytes`: answers a client does not read wait in the kernel's send buffer,
/// outside the heap but charged to the process's cgroup (200 connections that read nothing
/// held 190 MB there with the kernel's autotuned default). The listening socket's `SO_SNDBUF`
/// is what every accepted socket starts with.
@Suite("kernel send buffer")
struct SendBufferTests {
    @Test("accepted sockets inherit the listening socket's SO_SNDBUF (which the kernel doubles)")
    func inherited() throws {
        let listener = try ListeningSocket(host: "127.0.0.1", port: 0, sendBufferBytes: 32 << 10)
        #expect(listener.sendBufferBytes == 64 << 10)
        let accepted = try Self.acceptOne(listener)
        defer { close(accepted.client); close(accepted.server) }
        #expect(Self.sendBuffer(accepted.server) == 64 << 10)
    }

    @Test("0 leaves the kernel's default (autotuned: an accepted socket grew to megabytes)")
    func kernelDefault() throws {
        let listener = try ListeningSocket(host: "127.0.0.1", port: 0, sendBufferBytes: 0)
        let probe = try Self.fresh()
        defer { close(probe) }
        #expect(listener.sendBufferBytes == Self.sendBuffer(probe))
    }

    static func fresh() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        return fd
    }

    static func sendBuffer(_ fd: Int32) -> Int {
        var size: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, &length) == 0 ? Int(size) : -1
    }

    /// A client connected to `listener` and the server's side of it, accepted.
    static func acceptOne(_ listener: ListeningSocket) throws -> (client: Int32, server: Int32) {
        let client = try fresh()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(listener.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        // The listener is non-blocking; the handshake completed with `connect`.
        let server = try #require(listener.accept())
        return (client, server)
    }
}
