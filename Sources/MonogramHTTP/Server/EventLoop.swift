import CSystem
import Glibc

/// One epoll loop on one thread: accepts on its own listener, reads, parses, dispatches,
/// writes. Nothing here is shared; other threads reach it only through its mailbox.
final class EventLoop {
    static let listenerToken = UInt64.max
    static let mailboxToken = UInt64.max - 1
    static let sweepInterval: UInt64 = 100_000_000

    let epoll: Int32
    var listener: ListeningSocket?
    let mailbox: LoopMailbox
    let handler: any HTTPHandler
    let configuration: HTTPServerConfiguration
    let counters: ServerCounters
    let timeouts: (readHeader: UInt64, idle: UInt64, write: UInt64)
    var connections: [Connection?] = []
    var connectionCount = 0
    var date = HTTPDate()
    var logBuffer: [UInt8] = []
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
    var drainDeadline: UInt64?
    var now: UInt64 = monotonicNanoseconds()
    var lastSweep: UInt64 = 0

    init(listener: ListeningSocket, mailbox: LoopMailbox, handler: any HTTPHandler, configuration: HTTPServerConfiguration, counters: ServerCounters) {
        self.epoll = csystem_epoll_create()
        precondition(epoll >= 0, "epoll_create1 failed")
        self.listener = listener
        self.mailbox = mailbox
        self.handler = handler
        self.configuration = configuration
        self.counters = counters
        func nanos(_ seconds: Double) -> UInt64 { UInt64(max(seconds, 0.001) * 1e9) }
        self.timeouts = (nanos(configuration.readHeaderTimeout), nanos(configuration.idleTimeout), nanos(configuration.writeTimeout))
        _ = csystem_epoll_add(epoll, listener.descriptor, UInt32(EPOLLIN.rawValue), EventLoop.listenerToken)
        _ = csystem_epoll_add(epoll, mailbox.eventDescriptor, UInt32(EPOLLIN.rawValue), EventLoop.mailboxToken)
    }

    deinit {
        readBuffer.deallocate()
        close(epoll)
    }

    func run() {
        var tokens = [UInt64](repeating: 0, count: 256)
        var events = [UInt32](repeating: 0, count: 256)
        while true {
            let count = csystem_epoll_wait(epoll, &tokens, &events, 256, 100)
            now = monotonicNanoseconds()
            if count > 0 {
                for index in 0..<Int(count) {
                    dispatch(token: tokens[index], events: events[index])
                }
            }
            if now &- lastSweep >= EventLoop.sweepInterval {
                lastSweep = now
                sweep()
            }
            flushLog()
            if let deadline = drainDeadline, connectionCount == 0 || now >= deadline {
                break
            }
        }
        for case let connection? in connections { closeConnection(connection) }
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
            if events & (UInt32(EPOLLERR.rawValue) | UInt32(EPOLLHUP.rawValue)) != 0, events & UInt32(EPOLLIN.rawValue) == 0 {
                closeConnection(connection)
                return
            }
            if events & UInt32(EPOLLIN.rawValue) != 0 { readable(connection) }
            if connections[fd] === connection, events & UInt32(EPOLLOUT.rawValue) != 0 { drive(connection) }
        }
    }

    private func receive(_ message: LoopMailbox.Message) {
        switch message {
        case let .completion(fd, id, sequence, response, note):
            guard Int(fd) < connections.count, let connection = connections[Int(fd)], connection.id == id,
                let slot = connection.slots.firstIndex(where: { $0.sequence == sequence })
            else { return }
            connection.slots[slot].response = response
            connection.slots[slot].note = note
            drive(connection)
        case let .drain(deadline):
            drainDeadline = deadline
            // Requests already sent count as in flight: take the connections the kernel has
            // completed and the bytes already received before deciding what is idle.
            acceptAll()
            for case let connection? in connections where connection.isIdle { readable(connection) }
            if let listener {
                _ = csystem_epoll_del(epoll, listener.descriptor)
                listener.close()
                self.listener = nil
            }
            for case let connection? in connections {
                connection.closeAfterFlush = true
                if connection.isIdle { closeConnection(connection) } else { drive(connection) }
            }
        }
    }
}
