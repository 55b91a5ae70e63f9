import CSystem
import Glibc

/// One epoll loop on one thread: waits for events and feeds them to each connection's state
/// machine, then carries out the actions it hands back (through `ConnectionSocket`). Nothing
/// here is shared; other threads reach it only through its mailbox.
final class EventLoop {
    static let listenerToken = UInt64.max
    static let mailboxToken = UInt64.max - 1
    static let sweepInterval = Duration.milliseconds(100)
    /// At most one `malloc_trim` per second, and only after connections went away.
    static let trimInterval = Duration.seconds(1)

    let epoll: Int32
    var listener: ListeningSocket?
    let mailbox: LoopMailbox
    let handler: any HTTPHandler
    let configuration: HTTPServerConfiguration
    let policy: HTTPConnectionPolicy
    let shared: ServerCounters
    /// This loop's place in `peers` and in `ServerCounters.oldestEvictable`.
    let index: Int
    /// Every loop's mailbox (this one's too), to ask another loop to close a connection for a new client.
    let peers: [LoopMailbox]
    let clientConnections: ClientConnections?
    var connections: [LoopConnection?] = []
    /// New clients accepted at `max_connections` while another loop closes an idle connection
    /// for them (`makeRoom`): not yet registered with epoll, by connection id.
    var awaitingRoom: [UInt64: LoopConnection] = [:]
    var connectionCount = 0
    var date = HTTPDate()
    var dateLine: [UInt8] = []
    var logBuffer: [UInt8] = []
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
    /// The `writev` vectors, reused by every write (`ConnectionSocket.write`).
    let writeVectors = UnsafeMutableBufferPointer<iovec>.allocate(capacity: ConnectionSocket.vectorCapacity)
    var pendingDrain: (start: LoopInstant, deadline: LoopInstant)?
    var drainDeadline: LoopInstant?
    var now = LoopInstant.now
    var lastSweep = LoopInstant.now
    var lastTrim = LoopInstant.now
    var closedSinceTrim = 0

    init(
        listener: ListeningSocket, index: Int, peers: [LoopMailbox], handler: any HTTPHandler, configuration: HTTPServerConfiguration,
        shared: ServerCounters, clientConnections: ClientConnections?
    ) {
        self.epoll = csystem_epoll_create()
        precondition(epoll >= 0, "epoll_create1 failed")
        self.listener = listener
        self.index = index
        self.peers = peers
        self.mailbox = peers[index]
        self.clientConnections = clientConnections
        self.handler = handler
        self.configuration = configuration
        self.policy = configuration.connectionPolicy
        self.shared = shared
        // One listening socket in every loop's epoll; EPOLLEXCLUSIVE wakes one loop per new
        // connection instead of all of them.
        _ = csystem_epoll_add(epoll, listener.descriptor, UInt32(EPOLLIN.rawValue) | csystem_epoll_exclusive(), EventLoop.listenerToken)
        _ = csystem_epoll_add(epoll, mailbox.eventDescriptor, UInt32(EPOLLIN.rawValue), EventLoop.mailboxToken)
    }

    deinit {
        readBuffer.deallocate()
        writeVectors.deallocate()
        close(epoll)
    }

    func run() {
        var tokens = [UInt64](repeating: 0, count: 256)
        var events = [UInt32](repeating: 0, count: 256)
        while true {
            let count = csystem_epoll_wait(epoll, &tokens, &events, 256, 100)
            now = .now
            dateLine = date.current()
            if count > 0 {
                for index in 0..<Int(count) {
                    dispatch(token: tokens[index], events: events[index])
                }
            }
            if let pendingDrain, now >= pendingDrain.start { beginDrain(deadline: pendingDrain.deadline) }
            if lastSweep.duration(to: now) >= EventLoop.sweepInterval {
                lastSweep = now
                sweep()
            }
            flushLog()
            if let drainDeadline, connectionCount == 0 || now >= drainDeadline { break }
        }
        for case let connection? in connections { remove(connection) }
        flushLog()
    }

    private func dispatch(token: UInt64, events: UInt32) {
        switch token {
        case EventLoop.listenerToken:
            acceptAll()
        case EventLoop.mailboxToken:
            for message in mailbox.takeAll() { receive(message) }
        default:
            let fd = Int(token)
            guard fd < connections.count, let connection = connections[fd] else { return }
            let failure = UInt32(EPOLLERR.rawValue) | UInt32(EPOLLHUP.rawValue)
            if events & failure != 0, events & UInt32(EPOLLIN.rawValue) == 0 {
                connection.machine.failed()
            } else {
                if events & UInt32(EPOLLOUT.rawValue) != 0 { connection.machine.writable() }
                if events & UInt32(EPOLLIN.rawValue) != 0 { read(connection) }
            }
            drive(connection)
        }
    }

    private func receive(_ message: LoopMailbox.Message) {
        switch message {
        case let .completion(fd, id, sequence, response, note):
            guard Int(fd) < connections.count, let connection = connections[Int(fd)], connection.id == id else { return }
            connection.machine.ready(sequence: sequence, response: response, note: note)
            drive(connection)
        case let .drain(start, deadline):
            // A second signal must not push the deadline out.
            guard pendingDrain == nil, drainDeadline == nil else { return }
            pendingDrain = (start, deadline)
        case let .evict(kind, from, id):
            peers[from].post(.roomMade(id: id, made: evictOldest(kind)))
        case let .roomMade(id, made):
            guard let connection = awaitingRoom.removeValue(forKey: id) else { return }
            if made { admit(connection) } else { refuseAwaiting(connection) }
        }
    }
}
