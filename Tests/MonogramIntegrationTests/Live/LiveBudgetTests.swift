import Foundation
import Testing

/// API §8's client budget against the real binary: a client is told when to come back, its
/// hits are still served, and other clients (another source address, or another client behind
/// a trusted proxy) are not touched.
@Suite("live client render budget")
struct LiveBudgetTests {
    /// One token every 100 s and a burst of 10: the eleventh new name within the test is over.
    static let budget: [String: any Sendable] = ["client_renders_per_second": 0.01, "client_burst": 10]

    @Test("an eleventh new name is a 429 with Retry-After and no-store; hits are still served")
    func overBudget() throws {
        let server = try MonogramProcess(config: ["limits": Self.budget])
        let client = try RawClient(port: server.port)
        for index in 0..<10 { #expect(try client.get("/avatar/Budget\(index)?size=64").status == 200) }
        let refused = try client.get("/avatar/Budget10?size=64")
        #expect(refused.status == 429)
        #expect(refused.header("Cache-Control") == "no-store")
        #expect(Int(refused.header("Retry-After") ?? "") ?? 0 >= 99)
        #expect(refused.text.hasSuffix("\n"))
        let image = try client.get("/avatar/Budget11?size=64", headers: ["Accept: image/avif,image/webp,image/*,*/*;q=0.8"])
        #expect(image.status == 429)
        #expect(image.header("Content-Type") == "image/png")
        #expect(image.header("X-Avatar-Error")?.contains("budget") == true)
        // The keep-alive connection still works, and what is cached is still served.
        let hit = try client.get("/avatar/Budget3?size=64")
        #expect(hit.status == 200)
        let etag = try #require(hit.header("ETag"))
        #expect(try client.get("/avatar/Budget3?size=64", headers: ["If-None-Match: \(etag)"]).status == 304)
        let metrics = try RawClient(port: server.port).get("/metrics").text
        #expect(metrics.contains("monogram_budget_refused_total 2\n"))
        #expect(metrics.contains("monogram_budget_clients 1\n"))
    }

    @Test("another source address has its own budget")
    func otherClient() throws {
        let server = try MonogramProcess(config: ["limits": Self.budget])
        let first = try RawClient(port: server.port, source: "127.0.0.1")
        for index in 0..<10 { _ = try first.get("/avatar/Own\(index)") }
        #expect(try first.get("/avatar/Own10").status == 429)
        let second = try RawClient(port: server.port, source: "127.0.0.2")
        #expect(try second.get("/avatar/Own10").status == 200)
        #expect(try first.get("/avatar/Own10").status == 200, "now a hit for everyone")
    }

    @Test("through a trusted proxy, clients are told apart by X-Forwarded-For; an untrusted peer's header is ignored")
    func forwarded() throws {
        let server = try MonogramProcess(config: ["limits": Self.budget, "server": ["trusted_proxies": ["127.0.0.1"]]])
        let proxy = try RawClient(port: server.port, source: "127.0.0.1")
        for index in 0..<10 { _ = try proxy.get("/avatar/Fwd\(index)", headers: ["X-Forwarded-For: 203.0.113.5"]) }
        #expect(try proxy.get("/avatar/Fwd10", headers: ["X-Forwarded-For: 203.0.113.5"]).status == 429)
        #expect(try proxy.get("/avatar/Fwd10", headers: ["X-Forwarded-For: 203.0.113.6"]).status == 200)
        // 127.0.0.2 is not a trusted proxy: its header changes nothing, it is one client.
        let stranger = try RawClient(port: server.port, source: "127.0.0.2")
        for index in 0..<10 { _ = try stranger.get("/avatar/Str\(index)", headers: ["X-Forwarded-For: 198.51.100.\(index)"]) }
        #expect(try stranger.get("/avatar/Str10", headers: ["X-Forwarded-For: 198.51.100.99"]).status == 429)
    }
}
