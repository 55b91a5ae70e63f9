import MonogramSync

/// How each picture load ended, counted for `/metrics` (`picture fetches by outcome`).
public enum PictureOutcome: Hashable, Sendable, CustomStringConvertible {
    /// Fetched from the origin and decodable.
    case fetched
    /// Served from the source cache.
    case cacheHit
    /// A recent failure remembered: not fetched again.
    case cachedFailure
    case failed(PictureFailure)

    /// Every outcome, in a fixed order (for metrics output).
    public static var all: [PictureOutcome] {
        [.fetched, .cacheHit, .cachedFailure] + PictureFailure.allCases.map(PictureOutcome.failed)
    }

    /// A metrics label value: `fetched`, `cache_hit`, `cached_failure`, `timeout`, …
    public var description: String {
        switch self {
        case .fetched: "fetched"
        case .cacheHit: "cache_hit"
        case .cachedFailure: "cached_failure"
        case .failed(let failure): failure.rawValue
        }
    }
}

/// Counters by outcome, safe to bump from any thread.
public final class PictureCounters: Sendable {
    private let counts = Locked<[PictureOutcome: Int]>([:])
    private let decoded = Locked(0)

    public init() {}

    /// Decodes run (one per URL and lifetime while the decoded square is cached and large
    /// enough, however many sizes and faces ask).
    public var decodes: Int { decoded.withLock { $0 } }

    func recordDecode() { decoded.withLock { $0 += 1 } }

    func record(_ outcome: PictureOutcome) {
        counts.withLock { $0[outcome, default: 0] += 1 }
    }

    /// Every outcome with its count (zero included), in `PictureOutcome.all` order.
    public func snapshot() -> [(outcome: PictureOutcome, count: Int)] {
        let counts = self.counts.withLock { $0 }
        return PictureOutcome.all.map { ($0, counts[$0] ?? 0) }
    }

    public func count(_ outcome: PictureOutcome) -> Int {
        counts.withLock { $0[outcome] ?? 0 }
    }
}
