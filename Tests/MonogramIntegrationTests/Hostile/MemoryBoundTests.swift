import Foundation
import Testing

/// 20,000 unique requests against a 4 MiB cache: the cache's own byte count (from /metrics)
/// stays within its bound, and the process stays under the cache bound plus a fixed overhead
/// (documented in docs/hardening.md): a cache that ignored its bound would hold ~20,000
/// entries of 1–4 KB plus keys, well past it.
@Suite("memory bounds")
struct MemoryBoundTests {
    static let cacheBytes = 4 << 20
    /// Runtime, fonts, pango/cairo state, two event loops' buffers and render scratch.
    static let fixedOverhead = 60 << 20

    @Test("20,000 unique requests against a 4 MiB cache keep RSS under cache + 60 MiB")
    func twentyThousandUnique() throws {
        let server = try MonogramProcess(config: ["cache": ["max_bytes": Self.cacheBytes]])
        let port = server.port
        let failures = onThreads(8) { connection throws -> Int in
            let client = try RawClient(port: port)
            var failed = 0
            for batch in 0..<50 {
                // 50 pipelined per batch: 40 JSON, 10 PNG at size 64, every name unique.
                let targets = (0..<50).map { index -> String in
                    let unique = "U\(connection)-\(batch)-\(index)-\(String(repeating: "x", count: index))"
                    return index % 5 == 0 ? "/avatar/\(unique)?size=64" : "/avatar/\(unique).json?size=\(16 + index)"
                }
                try client.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
                for _ in targets where try client.readResponse().status != 200 { failed += 1 }
            }
            return failed
        }
        #expect(failures.map { try? $0.get() } == Array(repeating: 0, count: 8))
        let metrics = try RawClient(port: port).get("/metrics").text
        let cached = metrics.split(separator: "\n").first { $0.hasPrefix("monogram_cache_bytes{cache=\"images\"} ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
        let evictions = metrics.split(separator: "\n").first { $0.hasPrefix("monogram_cache_evictions_total{cache=\"images\"} ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
        #expect(try #require(cached) <= Double(Self.cacheBytes))
        #expect(try #require(cached) > Double(Self.cacheBytes) / 2, "the cache was filled")
        #expect(try #require(evictions) > 0, "the bound was reached and enforced by evicting")
        let resident = server.residentBytes
        #expect(resident > 0)
        #expect(resident <= Self.cacheBytes + Self.fixedOverhead, "RSS \(resident >> 20) MiB")
    }
}
