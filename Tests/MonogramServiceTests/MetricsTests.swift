import MonogramCore
import Testing
@testable import MonogramService

@Suite("metrics: counters, histograms and the exposition text")
struct MetricsTests {
    /// The value of one sample line `name{labels} value`, labels written as in the exposition.
    func sample(_ text: String, _ series: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    @Test("responses count by route and status class")
    func requests() {
        let metrics = Metrics()
        metrics.recordResponse(target: "/avatar/Ann?size=64", status: 200, duration: .microseconds(50))
        metrics.recordResponse(target: "/avatar/Ann", status: 304, duration: .microseconds(50))
        metrics.recordResponse(target: "/avatar/Ann?size=9", status: 400, duration: .microseconds(50))
        metrics.recordResponse(target: "http://example.com/group/a,b", status: 200, duration: .microseconds(50))
        metrics.recordResponse(target: "/nope", status: 404, duration: .microseconds(50))
        metrics.recordResponse(target: nil, status: 400, duration: .microseconds(50))
        let text = metrics.exposition()
        #expect(sample(text, #"monogram_http_requests_total{route="avatar",code="2xx"}"#) == 1)
        #expect(sample(text, #"monogram_http_requests_total{route="avatar",code="3xx"}"#) == 1)
        #expect(sample(text, #"monogram_http_requests_total{route="avatar",code="4xx"}"#) == 1)
        #expect(sample(text, #"monogram_http_requests_total{route="group",code="2xx"}"#) == 1)
        #expect(sample(text, #"monogram_http_requests_total{route="other",code="4xx"}"#) == 1)
        #expect(sample(text, #"monogram_http_requests_total{route="unparsed",code="4xx"}"#) == 1)
        #expect(sample(text, "monogram_http_request_duration_seconds_count") == 6)
    }

    @Test("server errors count every 5xx but 501 and 505, which answer a client's own choice")
    func serverErrors() {
        let metrics = Metrics()
        for status in [500, 501, 502, 503, 504, 505, 507, 400, 429, 404, 200] {
            metrics.recordResponse(target: "/avatar/Ann", status: status, duration: .microseconds(5))
        }
        let text = metrics.exposition()
        #expect(sample(text, "monogram_http_server_errors_total") == 5)
        #expect(sample(text, #"monogram_http_requests_total{route="avatar",code="5xx"}"#) == 7)
        #expect(sample(text, "monogram_memory_bound_bytes") == nil)
        metrics.attach(memoryBound: 452_984_832)
        #expect(sample(metrics.exposition(), "monogram_memory_bound_bytes") == 452_984_832)
    }

    @Test("the memory bound is the README formula of the configuration, and follows work memory")
    func memoryBound() throws {
        var configuration = Configuration()
        configuration.render.workers = 2
        let plan = try configuration.memoryPlan(limit: nil, workers: 2)
        #expect(configuration.memoryBoundBytes == plan.totalBytes)
        #expect(plan.totalBytes == plan.baseBytes + plan.workBytes)
        configuration.limits.workMemory = plan.workBytes + (64 << 20)
        #expect(configuration.memoryBoundBytes == plan.totalBytes + (64 << 20))
    }

    @Test("histogram buckets are cumulative, with an exact sum and count")
    func histogram() {
        let histogram = MetricsHistogram(bounds: [0.001, 0.01, 0.1])
        for microseconds in [500, 1000, 1001, 20_000, 2_000_000] { histogram.observe(microseconds: microseconds) }
        let (cumulative, sum) = histogram.snapshot()
        #expect(cumulative == [2, 3, 4, 5])
        #expect(abs(sum - 2.022501) < 1e-9)
    }

    @Test("cache metrics are the cache's own stats", arguments: [0, 3, 40])
    func cacheStats(inserts: Int) {
        let metrics = Metrics()
        let cache = LRUCache<String, Int>(maxBytes: 1000)
        metrics.register(cache: cache, name: "images")
        for index in 0..<inserts { cache.insert(index, forKey: "k\(index)", cost: 90) }
        _ = cache.value(forKey: "k0")
        _ = cache.value(forKey: "k\(max(0, inserts - 1))")
        _ = cache.value(forKey: "absent")
        let stats = cache.stats
        let text = metrics.exposition()
        #expect(sample(text, #"monogram_cache_hits_total{cache="images"}"#) == Double(stats.hits))
        #expect(sample(text, #"monogram_cache_misses_total{cache="images"}"#) == Double(stats.misses))
        #expect(sample(text, #"monogram_cache_evictions_total{cache="images"}"#) == Double(stats.evictions))
        #expect(sample(text, #"monogram_cache_entries{cache="images"}"#) == Double(stats.entries))
        #expect(sample(text, #"monogram_cache_bytes{cache="images"}"#) == Double(stats.bytes))
        #expect(sample(text, #"monogram_cache_max_bytes{cache="images"}"#) == 1000)
        #expect(stats.entries == min(inserts, 11))
    }

    @Test("picture fetches: the family is there before any fetch, then counts by outcome")
    func pictureFetches() {
        let metrics = Metrics()
        #expect(metrics.exposition().contains("# TYPE monogram_picture_fetches_total counter\n"))
        #expect(!metrics.exposition().contains("monogram_picture_fetches_total{"))
        metrics.attach(pictureFetches: { [(outcome: "ok", count: 2), (outcome: "timeout", count: 1)] })
        let text = metrics.exposition()
        #expect(sample(text, #"monogram_picture_fetches_total{outcome="ok"}"#) == 2)
        #expect(sample(text, #"monogram_picture_fetches_total{outcome="timeout"}"#) == 1)
    }

    @Test("label values are escaped")
    func escaping() {
        let metrics = Metrics()
        metrics.attach(pictureFetches: { [(outcome: "a\"b\\c\nd", count: 1)] })
        #expect(metrics.exposition().contains(#"monogram_picture_fetches_total{outcome="a\"b\\c\nd"} 1"#))
    }

    @Test("process start time and resident memory come from /proc")
    func process() throws {
        let start = try #require(ProcessStats.startTime())
        #expect(start <= ProcessStats.now())
        #expect(start > ProcessStats.now() - 86_400 * 365)
        #expect((ProcessStats.residentBytes() ?? 0) > 1 << 20)
    }
}
