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
    /// Idle connections and slow heads closed to make room for a new client at `max_connections`.
    let evicted = Atomic<Int>(0)
    /// Per `Eviction` kind, per loop: since when (LoopInstant nanoseconds) its oldest connection
    /// of that kind has been so (idle, or sending its head), as of its last sweep; `Int64.max`
    /// when it has none (or another loop has claimed it).
    let oldestEvictable = Locked<[[Int64]]>([])

    public var openConnections: Int { open.load(ordering: .relaxed) }
    public var rejectedConnections: Int { rejected.load(ordering: .relaxed) }
    /// Connections closed so that a new client could be served: keep-alives longest-idle
    /// first, then heads arriving slowly, oldest first.
    public var evictedConnections: Int { evicted.load(ordering: .relaxed) }
    /// Answer bytes held for clients across all connections (each bounded by its budget).
    public var queuedOutputBytes: Int { queuedOutput.load(ordering: .relaxed) }
    /// True from SIGTERM on (through `server.drain_delay`): `/healthz` says 503.
    public var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// The loop other than `loop` whose connection of `kind` is the oldest, claimed (so no
    /// other accept picks the same one before that loop's next sweep), if it is older than `than`.
    func claimOldest(_ kind: Eviction, besides loop: Int, olderThan than: Int64) -> Int? {
        oldestEvictable.withLock { table in
            var best: Int?
            for (index, since) in table[kind.rawValue].enumerated() where index != loop && since < (best.map { table[kind.rawValue][$0] } ?? than) {
                best = index
            }
            if let best { table[kind.rawValue][best] = .max }
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
        oldestEvictable.withLock { $0 = Eviction.allCases.map { _ in Array(repeating: .max, count: loops) } }
    }

    /// `since`: per `Eviction` kind, this loop's oldest connection of that kind.
    func publishOldest(loop: Int, since: [Int64]) {
        oldestEvictable.withLock { table in
            for kind in Eviction.allCases where loop < table[kind.rawValue].count { table[kind.rawValue][loop] = since[kind.rawValue] }
        }
    }

    /// Called by each loop as it leaves the listener; the last one stops it accepting, so
    /// no loop can race an `accept` against the descriptor's close (which waits for `run`).
    func loopStoppedAccepting(_ listener: ListeningSocket) {
        if accepting.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { listener.stopAccepting() }
    }
}
