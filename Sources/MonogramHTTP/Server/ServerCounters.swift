import Synchronization

/// Process-wide connection counts shared by every loop (the connection limit is global).
public final class ServerCounters: Sendable {
    let open = Atomic<Int>(0)
    let rejected = Atomic<Int>(0)
    let nextConnectionID = Atomic<UInt64>(1)

    public var openConnections: Int { open.load(ordering: .relaxed) }
    public var rejectedConnections: Int { rejected.load(ordering: .relaxed) }
}
