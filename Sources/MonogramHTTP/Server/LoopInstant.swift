import Glibc

/// A reading of the monotonic clock, as the event loops and their connection machines use it.
///
/// Not `ContinuousClock.Instant`: that type is not `@frozen`, so outside the standard library
/// every copy of one (and of an `Optional` of one, as the machine's slots and deadlines hold)
/// goes through runtime value witnesses — about 4,000 instructions per cache hit, a fifth of
/// the hit path, in callgrind (docs/benchmarks.md). This is a count of nanoseconds since the
/// clock's origin, copied as plain bytes and subtracted as one integer (a `Duration` is 128
/// bits, and turning one into microseconds for the access record was a 128-bit division per
/// request).
struct LoopInstant: InstantProtocol, Sendable {
    /// Nanoseconds since CLOCK_MONOTONIC's origin (boot, not counting suspend): 292 years fit.
    let nanoseconds: Int64

    static var now: LoopInstant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return LoopInstant(nanoseconds: Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec))
    }

    func advanced(by duration: Duration) -> LoopInstant {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let offset = overflow ? (seconds < 0 ? Int64.min : Int64.max) : scaled.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
        let (sum, sumOverflow) = nanoseconds.addingReportingOverflow(offset)
        return LoopInstant(nanoseconds: sumOverflow ? (offset < 0 ? Int64.min : Int64.max) : sum)
    }

    func duration(to other: LoopInstant) -> Duration {
        .nanoseconds(other.nanoseconds &- nanoseconds)
    }

    /// Whole microseconds from `self` to `other`, without a `Duration`.
    func microseconds(to other: LoopInstant) -> Int {
        Int((other.nanoseconds &- nanoseconds) / 1000)
    }

    static func < (lhs: LoopInstant, rhs: LoopInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }
}
