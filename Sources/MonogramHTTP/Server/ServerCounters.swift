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

    public var openConnections: Int { open.load(ordering: .relaxed) }
    public var rejectedConnections: Int { rejected.load(ordering: .relaxed) }
    /// Answer bytes held for clients across all connections (each bounded by its budget).
    public var queuedOutputBytes: Int { queuedOutput.load(ordering: .relaxed) }
    /// True from SIGTERM on (through `server.drain_delay`): `/healthz` says 503.
    public var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Called by each loop as it leaves the listener; the last one stops it accepting, so
    /// no loop can race an `accept` against the descriptor's close (which waits for `run`).
    func loopStoppedAccepting(_ listener: ListeningSocket) {
        if accepting.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { listener.stopAccepting() }
    }
}
