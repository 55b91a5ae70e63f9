import Glibc

/// Bytes of memory that threads take before allocating and give back after freeing, so the
/// sum in use stays under `capacity` however many threads work at once (picture decodes,
/// render surfaces). A taker waits, up to its deadline, for others to give back; a request
/// larger than the whole budget is refused at once, since it could never fit.
public final class MemoryBudget: @unchecked Sendable {
    // Invariant: `state.pointee` is read and written only with `mutex` held; waiters sleep on
    // `changed` (a CLOCK_MONOTONIC condition, so a wall-clock step cannot stretch a wait).
    private struct State {
        var used = 0
        var peak = 0
    }

    public enum Refusal: Error, Sendable, Hashable {
        /// More than `capacity` on its own.
        case neverFits
        /// The deadline passed while others held the budget.
        case timedOut
    }

    public let capacity: Int
    private let state: UnsafeMutablePointer<State>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>

    public init(capacity: Int) {
        self.capacity = max(0, capacity)
        state = .allocate(capacity: 1)
        state.initialize(to: State())
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        changed = .allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(changed, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Bytes taken now, and the most ever taken at once.
    public var inUse: Int { locked { $0.used } }
    public var peak: Int { locked { $0.peak } }

    /// Takes `bytes`, waiting until they fit or `deadline` passes.
    public func acquire(_ bytes: Int, until deadline: ContinuousClock.Instant) throws(Refusal) {
        let bytes = max(0, bytes)
        guard bytes <= capacity else { throw .neverFits }
        let wake = MemoryBudget.monotonic(after: ContinuousClock.now.duration(to: deadline))
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while capacity - state.pointee.used < bytes {
            guard ContinuousClock.now < deadline else { throw .timedOut }
            var until = wake
            _ = pthread_cond_timedwait(changed, mutex, &until)
        }
        state.pointee.used += bytes
        state.pointee.peak = max(state.pointee.peak, state.pointee.used)
    }

    /// Takes `bytes` if they fit now, without waiting (for threads that must not block, e.g. an
    /// event loop); false when they do not.
    public func tryAcquire(_ bytes: Int) -> Bool {
        let bytes = max(0, bytes)
        return locked { state in
            guard capacity - state.used >= bytes else { return false }
            state.used += bytes
            state.peak = max(state.peak, state.used)
            return true
        }
    }

    /// `bytes` held by a `MemoryReservation` that gives them back when it is released or
    /// freed, waiting until they fit or `deadline` passes.
    public func reserve(_ bytes: Int, until deadline: ContinuousClock.Instant) throws(Refusal) -> MemoryReservation {
        try acquire(bytes, until: deadline)
        return MemoryReservation(budget: self, bytes: max(0, bytes))
    }

    /// `reserve` without waiting: nil when the bytes do not fit now.
    public func tryReserve(_ bytes: Int) -> MemoryReservation? {
        tryAcquire(bytes) ? MemoryReservation(budget: self, bytes: max(0, bytes)) : nil
    }

    /// Gives back what `acquire` took.
    public func release(_ bytes: Int) {
        locked { $0.used = max(0, $0.used - max(0, bytes)) }
        pthread_cond_broadcast(changed)
    }

    /// `body` with `bytes` taken, given back afterwards whatever happens.
    public func with<T, E: Error>(_ bytes: Int, until deadline: ContinuousClock.Instant, _ body: () throws(E) -> T) throws(E) -> Result<T, Refusal> {
        do throws(Refusal) {
            try acquire(bytes, until: deadline)
        } catch {
            return .failure(error)
        }
        defer { release(bytes) }
        return .success(try body())
    }

    private func locked<T>(_ body: (inout State) -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&state.pointee)
    }

    /// CLOCK_MONOTONIC now + `duration` (clamped to 0…1 day), for pthread_cond_timedwait.
    private static func monotonic(after duration: Duration) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (seconds, attoseconds) = duration.components
        let wait = min(max(seconds, 0), 86_400)
        let nanos = seconds < 0 ? 0 : Int(attoseconds / 1_000_000_000)
        var total = timespec(tv_sec: now.tv_sec + Int(wait), tv_nsec: now.tv_nsec + nanos)
        if total.tv_nsec >= 1_000_000_000 {
            total.tv_sec += 1
            total.tv_nsec -= 1_000_000_000
        }
        return total
    }
}

/// Bytes taken from a `MemoryBudget` for as long as something holds them: a request's working
/// set while it renders, then only its answer's bytes until every connection that writes it
/// has let go (the object travels with the response). Given back when released or freed,
/// whichever comes first, exactly once.
public final class MemoryReservation: Sendable {
    public let budget: MemoryBudget
    private let held: Locked<Int>

    init(budget: MemoryBudget, bytes: Int) {
        self.budget = budget
        self.held = Locked(bytes)
    }

    deinit { release() }

    /// Bytes held now.
    public var bytes: Int { held.withLock { $0 } }

    /// Keeps at most `bytes` and gives the rest back (the working set shrinks to the answer).
    public func shrink(to bytes: Int) {
        let freed = held.withLock { held in
            let keep = min(held, max(0, bytes))
            defer { held = keep }
            return held - keep
        }
        if freed > 0 { budget.release(freed) }
    }

    /// Gives everything back now.
    public func release() { shrink(to: 0) }
}
