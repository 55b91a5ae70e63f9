/// What a loop keeps per client: the lifecycle (pure) and the socket that carries it out.
/// Confined to its loop's thread.
final class LoopConnection {
    typealias Machine = HTTPConnectionStateMachine<LoopInstant>

    let id: UInt64
    let peer: String
    /// What this connection counts against in `ClientConnections`; nil when not counted.
    let client: ConnectionOwner?
    var machine: Machine
    var socket: ConnectionSocket
    /// This connection's share of `ServerCounters.queuedOutput`, as last reported.
    var countedQueuedBytes = 0

    init(id: UInt64, socket: consuming ConnectionSocket, peer: String, client: ConnectionOwner?, machine: Machine) {
        self.id = id
        self.peer = peer
        self.client = client
        self.socket = socket
        self.machine = machine
    }

    var descriptor: Int32 { socket.descriptor }
}
