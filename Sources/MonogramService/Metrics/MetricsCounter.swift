import Synchronization

/// One monotonically increasing count, bumped with a single relaxed atomic add.
///
/// A class so that fixed arrays of them can be shared between loop threads (`Atomic` itself is
/// not copyable and cannot live in an `Array`).
final class MetricsCounter: Sendable {
    private let count = Atomic<Int>(0)

    func add(_ amount: Int = 1) {
        count.add(amount, ordering: .relaxed)
    }

    var value: Int { count.load(ordering: .relaxed) }
}

/// A histogram with fixed upper bounds in microseconds: one relaxed add for the bucket, one for
/// the sum; the count and the cumulative buckets are derived when scraped.
final class MetricsHistogram: Sendable {
    /// Upper bounds in seconds, ascending (`+Inf` is implied).
    let bounds: [Double]
    private let boundsMicroseconds: [Int]
    /// One counter per bound plus one for `+Inf`, each counting only its own bucket.
    private let buckets: [MetricsCounter]
    private let sumMicroseconds = MetricsCounter()

    /// From 100 µs to 10 s: cache hits live in the first buckets, renders in the middle ones.
    static let latencyBounds: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    init(bounds: [Double] = MetricsHistogram.latencyBounds) {
        self.bounds = bounds
        self.boundsMicroseconds = bounds.map { Int(($0 * 1e6).rounded()) }
        self.buckets = (0...bounds.count).map { _ in MetricsCounter() }
    }

    /// Durations are counted in whole microseconds (the bucket bounds' resolution).
    func observe(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        observe(microseconds: Int(clamping: seconds &* 1_000_000 &+ attoseconds / 1_000_000_000_000))
    }

    func observe(microseconds: Int) {
        var index = 0
        while index < boundsMicroseconds.count && microseconds > boundsMicroseconds[index] { index += 1 }
        buckets[index].add()
        sumMicroseconds.add(max(0, microseconds))
    }

    /// Cumulative counts per bound, then the `+Inf` count (= total), and the sum in seconds.
    /// Read bucket by bucket without a lock, so a scrape racing an observation may be one off
    /// between buckets; each bucket alone never goes down.
    func snapshot() -> (cumulative: [Int], sumSeconds: Double) {
        var running = 0
        let cumulative = buckets.map { bucket in
            running += bucket.value
            return running
        }
        return (cumulative, Double(sumMicroseconds.value) / 1e6)
    }
}
