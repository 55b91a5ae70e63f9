public import MonogramCore
public import MonogramHTTP
import MonogramSync

/// The service's Prometheus metrics (`GET /metrics`).
///
/// Recording is lock-free on the request path: a response costs one relaxed atomic add for its
/// route and status class and two for the duration histogram, with no string building. Gauges
/// that other objects already keep (cache stats, open connections) are read only when scraped.
public final class Metrics: Sendable {
    /// A cache whose `LRUCache.stats` are exported under `cache="name"`.
    struct CacheSource: Sendable {
        let name: String
        let maxBytes: Int
        let stats: @Sendable () -> CacheStats
    }

    static let statusClasses = ["1xx", "2xx", "3xx", "4xx", "5xx"]

    /// `MetricsRoute.rawValue * 5 + status class`.
    private let requests: [MetricsCounter]
    let requestDuration = MetricsHistogram()
    let renderDuration = MetricsHistogram()
    let singleFlightWaits = MetricsCounter()
    /// Requests answered 503 because the render queue was full or their deadline passed.
    let overloadRefusals = MetricsCounter()
    /// 5xx answers the server caused: every 5xx but 501 and 505, which answer what a client
    /// asked for (an unknown method, HTTP/2 prior knowledge from a scanner).
    let serverErrors = MetricsCounter()
    /// `Configuration.memoryBoundBytes`, set once at start-up.
    private let memoryBound = Locked<Int?>(nil)
    /// Where the render queue's depth is read at scrape time.
    private let renderQueue = Locked<(@Sendable () -> Int)?>(nil)
    private let workMemory = Locked<MemoryBudget?>(nil)
    /// Where picture-fetch counts come from: the fetcher keeps its own counters (as caches do),
    /// read only when scraped.
    private let pictureFetches = Locked<(@Sendable () -> [(outcome: String, count: Int)])?>(nil)
    private let caches = Locked<[CacheSource]>([])
    private let connections = Locked<ServerCounters?>(nil)
    private let budget = Locked<ClientBudgetTable?>(nil)
    /// Unix time the process started, in seconds.
    let startTime: Double

    public init() {
        requests = (0..<(MetricsRoute.allCases.count * Metrics.statusClasses.count)).map { _ in MetricsCounter() }
        startTime = ProcessStats.startTime() ?? ProcessStats.now()
    }

    /// Counts one written response; called once per response on the loop thread.
    public func recordResponse(target: String?, status: Int, duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordResponse(target: target, status: status, microseconds: Int(clamping: seconds &* 1_000_000 &+ attoseconds / 1_000_000_000_000))
    }

    /// The same, with the duration as the access record has it (no `Duration` on the hit path).
    public func recordResponse(target: String?, status: Int, microseconds: Int) {
        let route = MetricsRoute(target: target)
        let statusClass = min(max(status / 100, 1), 5) - 1
        requests[route.rawValue * Metrics.statusClasses.count + statusClass].add()
        if Metrics.isServerError(status) { serverErrors.add() }
        requestDuration.observe(microseconds: microseconds)
    }

    /// A 5xx the server is answerable for (not 501 Not Implemented or 505 HTTP Version Not
    /// Supported, RFC 9110 §15.6.2, §15.6.6: answers to what the client chose to send).
    static func isServerError(_ status: Int) -> Bool {
        (500...599).contains(status) && status != 501 && status != 505
    }

    /// Exports the memory bound of the configuration (`monogram_memory_bound_bytes`).
    func attach(memoryBound bytes: Int) {
        memoryBound.withLock { $0 = bytes }
    }

    var memoryBoundBytes: Int? { memoryBound.withLock { $0 } }

    /// Time spent producing one answer on the render pool.
    func recordRender(_ duration: Duration) {
        renderDuration.observe(duration)
    }

    /// Requests refused for overload (each waiter of a refused flight counts).
    func recordOverloadRefusals(_ count: Int) {
        overloadRefusals.add(count)
    }

    /// Exports the render queue's depth (jobs waiting for a worker), read when scraped.
    func attach(renderQueueDepth source: @escaping @Sendable () -> Int) {
        renderQueue.withLock { $0 = source }
    }

    var renderQueueDepth: Int? { renderQueue.withLock { $0 }?() }

    /// Exports the work memory's bytes reserved now and its capacity, read when scraped.
    func attach(workMemory budget: MemoryBudget) {
        workMemory.withLock { $0 = budget }
    }

    var workMemoryBudget: MemoryBudget? { workMemory.withLock { $0 } }

    /// A request that found a render of its key already in flight and waited for it.
    public func recordSingleFlightWait() {
        singleFlightWaits.add()
    }

    /// Exports picture fetches (§3) by outcome (`fetched`, `cache_hit`, `timeout`, …): a small
    /// fixed set, each a time series.
    public func attach(pictureFetches source: @escaping @Sendable () -> [(outcome: String, count: Int)]) {
        pictureFetches.withLock { $0 = source }
    }

    /// Exports `cache`'s own counters as `cache="name"`.
    public func register<Key, Value>(cache: LRUCache<Key, Value>, name: String) {
        let source = CacheSource(name: name, maxBytes: cache.maxBytes, stats: { cache.stats })
        caches.withLock { $0.append(source) }
    }

    /// Exports the client render budget's refusals and tracked clients (API §8).
    public func attach(budget table: ClientBudgetTable) {
        budget.withLock { $0 = table }
    }

    var budgetTable: ClientBudgetTable? { budget.withLock { $0 } }

    /// Exports the server's open and rejected connection counts.
    public func attach(connections counters: ServerCounters) {
        connections.withLock { $0 = counters }
    }

    func requestCount(route: MetricsRoute, statusClass: Int) -> Int {
        requests[route.rawValue * Metrics.statusClasses.count + statusClass].value
    }

    var pictureFetchCounts: [(outcome: String, count: Int)] {
        pictureFetches.withLock { $0 }?() ?? []
    }

    var cacheSources: [CacheSource] { caches.withLock { $0 } }

    var connectionCounters: ServerCounters? { connections.withLock { $0 } }
}
