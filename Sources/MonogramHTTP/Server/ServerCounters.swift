import MonogramSync
import Synchronization

/// Process-wide connection counts and shutdown state shared by every loop (the connection
/// limit is global).
public final class ServerCounters: Sendable {
    let open = Atomic<Int>(0)
    let rejected = Atomic<Int>(0)
    let nextConnectionID = Atomic<UInt64>(1)
    let draining = Atomic<Bool>(false)
    /// Sum of every connection's `queuedBytes` (answers queued or reserved).
    let queuedOutput = Atomic<Int>(0)
    /// Loops whose epoll still watches the shared listener; the last to stop closes it.
    let accepting = Atomic<Int>(0)
    /// Idle connections closed to make room for a new client at `max_connections`.
    let evicted = Atomic<Int>(0)
    /// Per loop, since when (LoopInstant nanoseconds) its longest-idle connection has been idle,
    /// as of its last sweep; `Int64.max` when it has none (or another loop has claimed it).
    let oldestIdle = Locked<[Int64]>([])

    public var openConnections: Int { open.load(ordering: .relaxed) }
    public var rejectedConnections: Int { rejected.load(ordering: .relaxed) }
    /// Keep-alive connections closed, longest-idle first, so that a new client could be served.
    public var evictedConnections: Int { evicted.load(ordering: .relaxed) }
    /// Answer bytes held for clients across all connections (each bounded by its budget).
    public var queuedOutputBytes: Int { queuedOutput.load(ordering: .relaxed) }
    /// True from SIGTERM on (through `server.drain_delay`): `/healthz` says 503.
    public var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// The loop other than `loop` whose idle connection is the oldest, claimed (so no other
    /// accept picks the same one before that loop's next sweep), if it is older than `than`.
    func claimOldestIdle(besides loop: Int, olderThan than: Int64) -> Int? {
        oldestIdle.withLock { oldest in
            var best: Int?
            for (index, since) in oldest.enumerated() where index != loop && since < (best.map { oldest[$0] } ?? than) {
                best = index
            }
            if let best { oldest[best] = .max }
            return best
        }
    }

    /// Counts one more open connection if that stays within `limit`; false when full.
    func reserveSlot(limit: Int) -> Bool {
        var current = open.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = open.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func prepare(loops: Int) {
        accepting.store(loops, ordering: .relaxed)
        oldestIdle.withLock { $0 = Array(repeating: .max, count: loops) }
    }

    func publishOldestIdle(loop: Int, since: Int64) {
        oldestIdle.withLock { if loop < $0.count { $0[loop] = since } }
    }

    /// Called by each loop as it leaves the listener; the last one stops it accepting, so
    /// no loop can race an `accept` against the descriptor's close (which waits for `run`).
    func loopStoppedAccepting(_ listener: ListeningSocket) {
        if accepting.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { listener.stopAccepting() }
    }
}
