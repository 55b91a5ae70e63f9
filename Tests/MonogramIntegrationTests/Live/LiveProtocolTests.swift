import Foundation
import Testing

@Suite("live HTTP/1.1 protocol behaviour")
struct LiveProtocolTests {
    @Test("keeps one connection alive for 10 requests")
    func keepAlive() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        for index in 0..<10 {
            let response = try client.get("/avatar/User\(index % 3)?size=32")
            #expect(response.status == 200)
            #expect(response.header("Connection") == nil)
        }
    }

    @Test("answers 5 pipelined requests in order")
    func pipelining() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let names = ["Ada", "Bo", "Cy", "Di", "Ed"]
        try client.send(names.map { "GET /avatar/\($0).json HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
        for name in names {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text.contains("\"name\":\"\(name)\""))
        }
    }

    @Test("HTTP/1.0 closes after the response unless keep-alive is asked")
    func http10() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        try client.send("GET /healthz HTTP/1.0\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Connection") == "close")
        #expect(client.isClosedByPeer())

        let keep = try RawClient(port: server.port)
        try keep.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try keep.readResponse().header("Connection") == "keep-alive")
        try keep.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try keep.readResponse().status == 200)
    }

    @Test("Connection: close is honoured")
    func connectionClose() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        try client.send("GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(try client.readResponse().header("Connection") == "close")
        #expect(client.isClosedByPeer())
    }

    @Test("HEAD answers GET's headers with no body")
    func head() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let get = try client.get("/avatar/Zoe")
        try client.send("HEAD /avatar/Zoe HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(head: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == String(get.body.count))
        #expect(head.header("ETag") == get.header("ETag"))
        // The next response starts right after the head: no stray body bytes.
        #expect(try client.get("/healthz").status == 200)
    }

    @Test("error statuses of §4", arguments: [
        ("GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: t\r\n\r\n", 414),
        ("GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "b", count: 17000))\r\n\r\n", 431),
        ("GET / HTTP/1.1\r\nHost: t\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431),
        ("GET / HTTP/2.0\r\nHost: t\r\n\r\n", 505),
        ("GET / HTTP/01.1\r\nHost: t\r\n\r\n", 400),
        ("GET / HTTP/1.01\r\nHost: t\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello", 400),
        ("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 99999999\r\n\r\n", 413),
        ("garbage\r\n\r\n", 400),
    ])
    func errorStatuses(request: String, status: Int) throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        try client.send(request)
        let response = try client.readResponse()
        #expect(response.status == status)
        #expect(response.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(response.text.filter { $0 == "\n" }.count == 1)
        #expect(response.header("Connection") == "close")
        #expect(client.isClosedByPeer())
        Self.expectCommonHeaders(response)
    }

    /// API §4: on every answer, those the HTTP layer makes up itself included.
    static func expectCommonHeaders(_ response: RawClient.Response, origin: String = "*") {
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Access-Control-Allow-Origin") == origin)
        #expect(response.header("Access-Control-Expose-Headers") == "X-Avatar-Source, X-Avatar-Error, X-Avatar-Ignored, RateLimit-Policy, RateLimit")
        #expect(response.header("Cross-Origin-Resource-Policy") == "cross-origin")
    }

    @Test("a head that does not arrive in time is answered 408")
    func readHeaderTimeout() throws {
        let server = try MonogramProcess(config: ["server": ["read_header_timeout": 0.5]])
        let client = try RawClient(port: server.port)
        try client.send("GET /healthz HTTP/1.1\r\nHo")
        let response = try client.readResponse()
        #expect(response.status == 408)
        Self.expectCommonHeaders(response)
    }

    @Test("a slow client sending its head one byte at a time is served")
    func slowClient() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        for byte in "GET /avatar/Slow%20Poke?size=32 HTTP/1.1\r\nHost: t\r\n\r\n".utf8 {
            try client.send([byte])
            usleep(2000)
        }
        #expect(try client.readResponse().status == 200)
    }

    @Test("64 concurrent connections × 50 requests all succeed")
    func concurrency() throws {
        let server = try MonogramProcess()
        let port = server.port
        // Real threads: blocking sockets in a task group would run only as many at once as
        // the cooperative pool has threads (2 here).
        let failures = onThreads(64) { connection throws -> Int in
            let client = try RawClient(port: port)
            var failed = 0
            for request in 0..<50 {
                let response = try client.get("/avatar/Person\((connection * 7 + request) % 40)?size=32")
                if response.status != 200 || response.body.isEmpty { failed += 1 }
            }
            return failed
        }
        #expect(failures.map { try? $0.get() } == Array(repeating: 0, count: 64))
    }

    @Test("SIGTERM lets requests in flight complete, then exits 0")
    func gracefulShutdown() throws {
        // The drain is under test, not the render deadline: eight 1024² renders on a loaded
        // 2-core machine may wait past the default 2 s for a worker (then 503, rightly).
        let server = try MonogramProcess(config: ["render": ["timeout": 30]])
        let clients = try (0..<8).map { _ in try RawClient(port: server.port) }
        for (index, client) in clients.enumerated() {
            try client.send("GET /avatar/Drain\(index)?size=512&dpr=2 HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        kill(server.process.processIdentifier, SIGTERM)
        for client in clients {
            let response = try client.readResponse()
            #expect(response.status == 200)
        }
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    @Test("over the connection limit, with no connection idle, a new connection gets 503 with Retry-After")
    func connectionLimit() throws {
        let server = try MonogramProcess(config: ["server": ["max_connections": 1, "read_header_timeout": 60], "http": ["cors_origin": "https://app.example"]])
        let first = try RawClient(port: server.port)
        // Served once (so accepted before the second knocks), then a request started: the
        // connection is busy, so it is not closed for the newcomer.
        #expect(try first.get("/healthz").status == 200)
        try first.send("GET /healthz HTTP/1.1\r\n")
        let second = try RawClient(port: server.port)
        let refused = try second.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        Self.expectCommonHeaders(refused, origin: "https://app.example")
        // The first connection is unaffected.
        try first.send("Host: t\r\n\r\n")
        #expect(try first.readResponse().status == 200)
    }

    @Test("reordered and cache-busted queries are hits on the first request's entry")
    func equivalentRequestsShareAnEntry() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        _ = try client.get("/avatar/Shared?size=48&shape=circle")
        _ = try client.get("/avatar/Shared?shape=circle&size=48&v=7")
        _ = try client.get("/avatar/Shared.png?size=48&shape=circle&format=png&dpr=1")
        #expect(server.stop() == 0)
        let notes = server.stdoutText.split(separator: "\n").filter { $0.contains("/avatar/Shared") }.map { $0.split(separator: " ").last ?? "" }
        #expect(notes == ["miss", "hit", "hit"])
    }

    @Test("a client that half-closes after pipelining still gets every answer")
    func halfClose() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        try client.send((0..<3).map { "GET /avatar/Half\($0).json HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
        client.shutdownWrite()
        for index in 0..<3 {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text.contains("Half\(index)"))
        }
        #expect(client.isClosedByPeer())
    }

    @Test("listens on IPv6 too")
    func ipv6() throws {
        let server = try MonogramProcess(config: ["server": ["host": "::1"]])
        let client = try RawClient(port: server.port, host: "::1")
        #expect(try client.get("/healthz").status == 200)
    }

    @Test("logs one access line per request")
    func accessLog() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        _ = try client.get("/avatar/Logged?size=32")
        _ = try client.get("/avatar/Logged?size=32")
        _ = try client.get("/healthz")
        #expect(server.stop() == 0)
        let lines = server.stdoutText.split(separator: "\n").filter { $0.contains("\"GET /avatar/Logged?size=32\"") }
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(" miss") == true)
        #expect(lines.last?.hasSuffix(" hit") == true)
    }
}
