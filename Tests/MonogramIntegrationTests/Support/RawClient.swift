import Foundation

/// A blocking TCP client that speaks raw bytes, so tests can send exactly what a hostile or
/// unusual client would, and read responses one by one.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    struct Response {
        var status: Int
        var reason: String
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct ClientError: Error, CustomStringConvertible { let description: String }

    /// `source`: an IPv4 address to connect from (e.g. `127.0.0.2`, to be another client).
    init(port: Int, host: String = "127.0.0.1", timeout: Int = 20, source: String? = nil) throws {
        let family = host.contains(":") ? AF_INET6 : AF_INET
        fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var result: Int32
        if family == AF_INET6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            if let source {
                var local = sockaddr_in()
                local.sin_family = sa_family_t(AF_INET)
                inet_pton(AF_INET, source, &local.sin_addr)
                let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
                guard bound == 0 else {
                    close(fd)
                    throw ClientError(description: "bind to \(source) failed: errno \(errno)")
                }
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard result == 0 else {
            close(fd)
            throw ClientError(description: "connect to \(host):\(port) failed: errno \(errno)")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw ClientError(description: "send failed: errno \(errno)") }
            offset += n
        }
    }

    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Reads one response; `head` is true for responses to HEAD (no body despite Content-Length).
    func readResponse(head: Bool = false) throws -> Response {
        let headEnd = try readUntil(Array("\r\n\r\n".utf8))
        let headText = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw ClientError(description: "bad status line: \(headText)") }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = Response(status: status, reason: statusLine.count > 2 ? String(statusLine[2]) : "", headers: headers, body: [])
        if !head, status != 304, status != 204, let length = response.header("Content-Length").flatMap(Int.init) {
            while buffer.count < length { try fill() }
            response.body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        }
        return response
    }

    /// True when the server has closed the connection (reads EOF with nothing buffered).
    func isClosedByPeer() -> Bool {
        guard buffer.isEmpty else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if buffer.count >= marker.count {
                for start in 0...(buffer.count - marker.count) where buffer[start] == marker[0] && Array(buffer[start..<start + marker.count]) == marker {
                    return start
                }
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &chunk, chunk.count, 0)
        guard n > 0 else { throw ClientError(description: n == 0 ? "connection closed" : "recv failed: errno \(errno)") }
        buffer.append(contentsOf: chunk[0..<n])
    }
}

extension RawClient {
    /// One GET with keep-alive and the given extra header lines.
    func get(_ target: String, headers: [String] = []) throws -> Response {
        try send("GET \(target) HTTP/1.1\r\nHost: test\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
        return try readResponse()
    }
}
