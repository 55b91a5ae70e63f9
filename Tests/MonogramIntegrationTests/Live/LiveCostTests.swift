import Foundation
import Testing

/// Issue 21 against the real binary: every request pays its true cost — answers that could
/// never be sent, answers too large to cache, pictures charged by their pixels, `/gravatar`
/// charged while signatures are required, and a memory limit that cannot hold the configuration.
@Suite("live cost model")
struct LiveCostTests {
    static func pictureQuery(_ origin: OriginServer, _ path: String) -> String {
        "picture=" + (origin.url(path).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    @Test("an answer that could never be sent is a 400 that says so and suggests webp or a smaller size")
    func neverFits() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try MonogramProcess(config: [
            "limits": ["max_answer_bytes": 65536], "pictures": ["allowed_hosts": ["127.0.0.1:\(origin.port)"]],
        ])
        let client = try RawClient(port: server.port)
        // A 256 px picture could be 4 B a pixel: 269 KB, over 64 KiB.
        let refused = try client.get("/avatar/Big.png?size=256&" + Self.pictureQuery(origin, "/png"))
        #expect(refused.status == 400)
        #expect(refused.text.contains("limits.max_answer_bytes"))
        #expect(refused.text.contains("webp"))
        #expect(refused.text.contains("smaller size"))
        #expect(origin.count("/png") == 0, "refused before any fetch")
        // The same size with initials (flat colour) fits, and so does a small picture.
        #expect(try client.get("/avatar/Big.png?size=256").status == 200)
        #expect(try client.get("/avatar/Big.png?size=64&" + Self.pictureQuery(origin, "/png")).status == 200)
    }

    @Test("an answer larger than cache.max_entry_bytes is served every time but never cached")
    func bigNotCached() throws {
        let server = try MonogramProcess(config: ["cache": ["max_entry_bytes": 4096]])
        let client = try RawClient(port: server.port)
        let small = try client.get("/avatar/S?size=16")
        #expect(small.status == 200)
        #expect(small.body.count < 2048)
        let big = try client.get("/avatar/Large%20Answer?size=1024")
        #expect(big.status == 200)
        #expect(big.body.count > 4096)
        let again = try client.get("/avatar/Large%20Answer?size=1024")
        #expect(again.status == 200)
        #expect(again.body == big.body)
        #expect(again.header("ETag") == big.header("ETag"))
        let metrics = try RawClient(port: server.port).get("/metrics").text
        // Only the small answer is kept: the large one was drawn twice, and evicted nothing.
        #expect(metrics.contains(#"monogram_cache_entries{cache="images"} 1"#))
        #expect(metrics.contains(#"monogram_cache_evictions_total{cache="images"} 0"#))
        #expect(metrics.contains("monogram_render_duration_seconds_count 3"), "S once, Large Answer twice")
    }

    @Test("a picture's fetch and decode are charged by its pixels: a 40 MP picture takes 1287 tokens, a small one 5")
    func pictureCharged() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try MonogramProcess(config: [
            // 1400 tokens, refilled at one every 100 s: nothing comes back during the test.
            "limits": ["client_renders_per_second": 0.01, "client_burst": 1400],
            // Charges are under test, not deadlines: a 40 MP decode on a loaded machine may
            // take seconds, and past its deadline the answer rightly falls back to initials.
            "pictures": ["allowed_hosts": ["127.0.0.1:\(origin.port)"], "total_timeout": 60],
            "render": ["timeout": 30],
        ])
        let client = try RawClient(port: server.port)
        // 4 (a 64 px render of a picture) + 1287 (fetch 4, decode 40,000,000 px × 8 ns and its
        // 40 KB × 15 ns, in tokens of 0.25 ms): 109 left.
        let first = try client.get("/avatar/Forty.png?size=64&" + Self.pictureQuery(origin, "/40mp"))
        #expect(first.status == 200)
        #expect(first.header("X-Avatar-Source") == "picture")
        // A small picture costs its render and a few tokens: still within the 109.
        #expect(try client.get("/avatar/Small.png?size=64&" + Self.pictureQuery(origin, "/png")).status == 200)
        // Another 40 MP picture (a new URL: fetched and decoded again) is over: 429 before decoding.
        let second = try client.get("/avatar/Forty.png?size=64&" + Self.pictureQuery(origin, "/40mp?again"))
        #expect(second.status == 429)
        #expect(Int(second.header("Retry-After") ?? "") ?? 0 >= 20_000)
        #expect(origin.count("/40mp?again") == 1, "fetched (its size is learnt from its header), not decoded")
        // Initials are still cheap enough.
        #expect(try client.get("/avatar/Cheap?size=64").status == 200)
    }

    @Test("at 1 token a second, a group of ten 40 MP pictures is refused")
    func groupOfLargePictures() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try MonogramProcess(config: [
            "limits": ["client_renders_per_second": 1],
            "pictures": ["allowed_hosts": ["127.0.0.1:\(origin.port)"], "total_timeout": 10],
        ])
        let client = try RawClient(port: server.port)
        let names = (0..<10).map { "P\($0)" }.joined(separator: ",")
        let pictures = (0..<10).map { Self.pictureQuery(origin, "/40mp?\($0)") }.joined(separator: "&")
        let row = try client.get("/group/\(names).png?size=32&" + pictures)
        #expect(row.status == 429)
        #expect(row.header("Retry-After") != nil)
        // One such picture on a full bucket is still drawn: every valid request can pass once.
        let other = try RawClient(port: server.port, source: "127.0.0.2")
        #expect(try other.get("/avatar/One.png?size=32&" + Self.pictureQuery(origin, "/40mp?single")).status == 200)
    }

    @Test("a client with 2 tokens left asking for a group of ten pictures is refused before any is fetched")
    func groupPrecharged() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try MonogramProcess(config: [
            // 10 tokens, refilled at one every 1,000 s: nothing comes back during the test.
            "limits": ["client_renders_per_second": 0.001, "client_burst": 10],
            "pictures": ["allowed_hosts": ["127.0.0.1:\(origin.port)"], "total_timeout": 10],
        ])
        let client = try RawClient(port: server.port)
        // Eight small renders with initials, one token each: 2 left.
        for index in 0..<8 { #expect(try client.get("/avatar/Spent\(index).png?size=64").status == 200) }
        let names = (0..<10).map { "P\($0)" }.joined(separator: ",")
        let pictures = (0..<10).map { Self.pictureQuery(origin, "/png?\($0)") }.joined(separator: "&")
        let row = try client.get("/group/\(names).png?size=32&" + pictures)
        #expect(row.status == 429)
        #expect(row.header("Retry-After") != nil)
        #expect((0..<10).map { origin.count("/png?\($0)") } == Array(repeating: 0, count: 10), "refused before any fetch")
        // Another client's full bucket pays for a picture: fetched once and drawn.
        let other = try RawClient(port: server.port, source: "127.0.0.2")
        let drawn = try other.get("/avatar/One.png?size=32&" + Self.pictureQuery(origin, "/png?0"))
        #expect(drawn.status == 200)
        #expect(drawn.header("X-Avatar-Source") == "picture")
        #expect(origin.count("/png?0") == 1)
    }

    @Test("with signatures required, /gravatar renders are charged to their own budget")
    func gravatarCharged() throws {
        let server = try MonogramProcess(config: [
            "security": ["require_signature": true, "signing_keys": ["a signing key of enough bytes"]],
            "limits": ["unsigned_renders_per_second": 0.01],
        ])
        let client = try RawClient(port: server.port)
        func hash(_ index: Int) -> String { String(format: "%032x", index + 0xABCDEF) }
        // Burst 10 at 0.01/s: ten new 128 px identicons, then 429.
        for index in 0..<10 { #expect(try client.get("/gravatar/\(hash(index))?d=identicon&s=128").status == 200) }
        let refused = try client.get("/gravatar/\(hash(10))?d=identicon&s=1024")
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") != nil)
        // Cached answers are still served; another client has its own budget.
        #expect(try client.get("/gravatar/\(hash(3))?d=identicon&s=128").status == 200)
        let other = try RawClient(port: server.port, source: "127.0.0.2")
        #expect(try other.get("/gravatar/\(hash(10))?d=identicon&s=1024").status == 200)
    }

    @Test("a memory limit that cannot hold the configuration stops the start with exit 2 and one line")
    func startRefused() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-cgroup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "469762048\n".write(to: root.appendingPathComponent("memory.max"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MonogramProcess.binaryPath)
        process.arguments = ["--port", "0", "--config", MonogramProcess.packageRoot + "/config/monogram.json"]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MONOGRAM_") }
            .merging(["MONOGRAM_LIMITS_CGROUP_ROOT": root.path, "MONOGRAM_RENDER_WORKERS": "2"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(text.contains("448 MiB"))
        #expect(text.contains("needs at least"))

        // 1 GiB holds the defaults: the server starts and says its bound.
        try "1073741824\n".write(to: root.appendingPathComponent("memory.max"), atomically: true, encoding: .utf8)
        let server = try MonogramProcess(environment: ["MONOGRAM_LIMITS_CGROUP_ROOT": root.path])
        #expect(MonogramProcess.waitForOutput { server.stdoutText.contains("memory: limit 1024 MiB") })
        #expect(try RawClient(port: server.port).get("/avatar/Fits?size=64").status == 200)
    }
}
