import Glibc

/// A reading of the monotonic clock, as the event loops and their connection machines use it.
///
/// Not `ContinuousClock.Instant`: that type is not `@frozen`, so outside the standard library
/// every copy of one (and of an `Optional` of one, as the machine's slots and deadlines hold)
/// goes through runtime value witnesses — about 4,000 instructions per cache hit, a fifth of
/// the hit path, in callgrind (docs/benchmarks.md). This is one `Duration` (which is frozen)
/// since the clock's origin, copied as plain bytes.
struct LoopInstant: InstantProtocol, Sendable {
    /// Time since CLOCK_MONOTONIC's origin (boot, not counting suspend).
    let sinceOrigin: Duration

    static var now: LoopInstant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return LoopInstant(sinceOrigin: .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec))
    }

    func advanced(by duration: Duration) -> LoopInstant {
        LoopInstant(sinceOrigin: sinceOrigin + duration)
    }

    func duration(to other: LoopInstant) -> Duration {
        other.sinceOrigin - sinceOrigin
    }

    static func < (lhs: LoopInstant, rhs: LoopInstant) -> Bool {
        lhs.sinceOrigin < rhs.sinceOrigin
    }
}
