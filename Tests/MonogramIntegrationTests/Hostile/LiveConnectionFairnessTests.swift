import Foundation
import Testing

/// Issue 21: one client cannot take every connection from the others. The real binary, clients
/// from distinct loopback addresses (Linux routes all of 127.0.0.0/8 to the loopback).
@Suite("live: connections shared fairly")
struct LiveConnectionFairnessTests {
    @Test("a client holding limits.client_connections gets 429 for one more; another address is served, and the hoarder again once it lets one go")
    func perClientLimit() throws {
        let server = try MonogramProcess(config: ["limits": ["client_connections": 4]])
        var hoard = try (0..<4).map { _ in try RawClient(port: server.port) }
        for client in hoard { #expect(try client.get("/healthz").status == 200) }
        let extra = try RawClient(port: server.port)
        let refused = try extra.readResponse()
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") == "1")
        #expect(extra.isClosedByPeer())
        let other = try RawClient(port: server.port, source: "127.0.0.2")
        #expect(try other.get("/healthz").status == 200, "another client is not held back by the hoarder")
        hoard.removeLast()
        #expect(eventually(within: 10) { (try? RawClient(port: server.port).get("/healthz").status) == 200 })
        #expect(try hoard[0].get("/healthz").status == 200, "the hoarder's other connections are untouched")
    }

    @Test("at max_connections a new client is served: the longest-idle keep-alive is closed for it")
    func evictsIdle() throws {
        let server = try MonogramProcess(config: ["server": ["max_connections": 6, "idle_timeout": 60]])
        let idle = try (0..<6).map { _ in try RawClient(port: server.port) }
        for client in idle { #expect(try client.get("/healthz").status == 200) }
        // Idle as of a loop's last sweep (every 100 ms): a newcomer may have to knock twice.
        var newcomer: RawClient?
        #expect(eventually(within: 10) {
            guard let client = try? RawClient(port: server.port, source: "127.0.0.2"), (try? client.get("/healthz").status) == 200 else { return false }
            newcomer = client
            return true
        }, "served, not refused")
        #expect(eventually(within: 5) { idle.filter { $0.isClosedNow() }.count == 1 }, "exactly one idle connection made room")
        let metrics = try PrometheusText(try #require(newcomer).get("/metrics").text)
        #expect(metrics.value("monogram_evicted_connections_total") == 1)
        let open = idle.filter { !$0.isClosedNow() }
        #expect(try open.allSatisfy { try $0.get("/healthz").status == 200 }, "the others are still served")
    }

    @Test("at max_connections with no connection idle, a new client gets 503 and Retry-After")
    func refusesWhenNoneIdle() throws {
        let server = try MonogramProcess(config: ["server": ["max_connections": 3, "read_header_timeout": 60, "idle_timeout": 60]])
        // Each served once (so certainly accepted), then a head started and not finished:
        // busy, not idle.
        let busy = try (0..<3).map { _ in try RawClient(port: server.port) }
        for client in busy {
            #expect(try client.get("/healthz").status == 200)
            try client.send("GET /healthz HTTP/1.1\r\n")
        }
        let newcomer = try RawClient(port: server.port, source: "127.0.0.2")
        let refused = try newcomer.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        // One finishes its request and so becomes idle: now it makes room.
        try busy[0].send("Host: t\r\n\r\n")
        #expect(try busy[0].readResponse().status == 200)
        #expect(eventually(within: 10) { (try? RawClient(port: server.port, source: "127.0.0.2").get("/healthz").status) == 200 })
        #expect(busy[0].isClosedNow())
    }

    @Test("a network holding limits.network_connections gets 429 for one more, from any of its addresses; another network is served")
    func perNetworkLimit() throws {
        let server = try MonogramProcess(config: ["limits": ["client_connections": 2, "network_connections": 3]])
        // 127.0.0.1, .2 and .3 are three clients of one /24 network.
        let held = try ["127.0.0.1", "127.0.0.1", "127.0.0.2"].map { try RawClient(port: server.port, source: $0) }
        for client in held { #expect(try client.get("/healthz").status == 200) }
        let extra = try RawClient(port: server.port, source: "127.0.0.3")
        let refused = try extra.readResponse()
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.text.contains("network"))
        #expect(extra.isClosedByPeer())
        let other = try RawClient(port: server.port, source: "127.0.1.1")
        #expect(try other.get("/healthz").status == 200, "another network is not held back")
    }

    @Test("at max_connections with none idle, the oldest slow head is closed for a new client and counted")
    func evictsSlowHead() throws {
        // One loop, so "oldest" is one loop's order; a quarter of read_header_timeout is 2 s.
        let server = try MonogramProcess(config: ["server": ["max_connections": 3, "loops": 1, "read_header_timeout": 8, "idle_timeout": 60]])
        let heads = try (0..<3).map { _ in try RawClient(port: server.port) }
        for client in heads {
            #expect(try client.get("/healthz").status == 200)
            try client.send("GET /healthz HTTP/1.1\r\n")
        }
        // Refused (503) until the heads are slow, then served — well before their 408 at 8 s.
        var newcomer: RawClient?
        #expect(eventually(within: 5) {
            guard let client = try? RawClient(port: server.port, source: "127.0.0.2"), (try? client.get("/healthz").status) == 200 else { return false }
            newcomer = client
            return true
        }, "served, not refused")
        #expect(eventually(within: 5) { heads[0].isClosedNow() }, "the oldest head made room")
        #expect(!heads[1].isClosedNow() && !heads[2].isClosedNow())
        let metrics = try PrometheusText(try #require(newcomer).get("/metrics").text)
        #expect(metrics.value("monogram_evicted_connections_total") == 1)
        try heads[1].send("Host: t\r\n\r\n")
        #expect(try heads[1].readResponse().status == 200, "the others are still served")
    }

    @Test("a keep-alive idle only briefly between requests is kept; a slow head is closed for the newcomer instead")
    func keepsRecentlyIdle() throws {
        // A quarter of idle_timeout is 15 s: the keep-alive below is idle for less. A quarter
        // of read_header_timeout is 3 s: the heads are slow after that, and get their 408 at 12 s.
        let server = try MonogramProcess(config: ["server": ["max_connections": 3, "loops": 1, "read_header_timeout": 12, "idle_timeout": 60]])
        let active = try RawClient(port: server.port)
        #expect(try active.get("/healthz").status == 200)
        let heads = try (0..<2).map { _ in try RawClient(port: server.port) }
        for client in heads {
            #expect(try client.get("/healthz").status == 200)
            try client.send("GET /healthz HTTP/1.1\r\n")
        }
        // Knocking before the heads are slow would take the keep-alive (the last resort, but
        // the only one then): the newcomer comes once they are, well before their 408.
        Thread.sleep(forTimeInterval: 4)
        #expect(eventually(within: 5) { (try? RawClient(port: server.port, source: "127.0.0.2").get("/healthz").status) == 200 })
        #expect(eventually(within: 5) { heads[0].isClosedNow() }, "the oldest slow head made room")
        #expect(!active.isClosedNow())
        #expect(try active.get("/healthz").status == 200, "the active client's keep-alive was not taken")
    }

    @Test("an X-Forwarded-For hop that is not an address charges the peer, not the inner proxy, and is logged once")
    func unparsableForwarded() throws {
        let server = try MonogramProcess(config: [
            "server": ["trusted_proxies": ["127.0.0.1", "10.0.0.0/8"]],
            "limits": ["client_renders_per_second": 0.001, "client_burst": 1],
        ])
        let client = try RawClient(port: server.port)
        let garbage = ["X-Forwarded-For: nonsense, 10.1.2.3"]
        #expect(try client.get("/avatar/Garbage%20One", headers: garbage).status == 200)
        #expect(try client.get("/avatar/Garbage%20Two", headers: garbage).status == 429)
        // The proxy's own requests share that bucket: the garbage was charged to the peer
        // (before, to 10.1.2.3, the inner proxy every client behind it shares).
        #expect(try client.get("/avatar/Plain%20Three").status == 429)
        #expect(try client.get("/avatar/Other%20Four", headers: ["X-Forwarded-For: 198.51.100.7"]).status == 200)
        #expect(try client.get("/avatar/Garbage%20Five", headers: garbage).status == 429)
        #expect(MonogramProcess.waitForOutput { server.stdoutText.contains("/avatar/Other%20Four") })
        let warnings = server.stdoutText.components(separatedBy: "\n").filter { $0.contains("which is not an IP address") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(server.stdoutText.contains(#"127.0.0.1 "GET /avatar/Garbage%20One""#), "the access log names the peer too")
    }

    @Test("Expect: 100-continue on a GET with a body: 100 Continue, then the final status; the connection stays usable")
    func expectContinue() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        try client.send("GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        #expect(try client.readResponse().status == 100)
        try client.send("hello")
        #expect(try client.readResponse().status == 200)
        try client.send("POST /avatar/x HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n")
        #expect(try client.readResponse().status == 100)
        try client.send("5\r\nhello\r\n0\r\n\r\n")
        #expect(try client.readResponse().status == 405)
        #expect(try client.get("/healthz").status == 200)
    }
}

extension RawClient {
    /// Whether the server has closed this connection, without waiting: EOF or reset now.
    func isClosedNow() -> Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_DONTWAIT) | Int32(MSG_PEEK))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }
}
