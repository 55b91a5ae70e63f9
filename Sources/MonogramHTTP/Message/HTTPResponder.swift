import CSystem
import Glibc
import MonogramSync

/// Answers one deferred request, from any thread, exactly once.
public struct HTTPResponder: Sendable {
    private enum Destination: Sendable {
        case loop(LoopMailbox, descriptor: Int32, connectionID: UInt64, sequence: UInt64)
        case callback(@Sendable (HTTPResponse, String) -> Void)
    }

    private let destination: Destination

    init(mailbox: LoopMailbox, descriptor: Int32, connectionID: UInt64, sequence: UInt64) {
        destination = .loop(mailbox, descriptor: descriptor, connectionID: connectionID, sequence: sequence)
    }

    /// A responder that hands the answer to `deliver`: for in-process tests of a handler,
    /// request value in, response value out, no sockets.
    public init(_ deliver: @escaping @Sendable (_ response: HTTPResponse, _ note: String) -> Void) {
        destination = .callback(deliver)
    }

    public func respond(_ response: HTTPResponse, note: String = "") {
        switch destination {
        case let .loop(mailbox, descriptor, connectionID, sequence):
            mailbox.post(.completion(descriptor: descriptor, connectionID: connectionID, sequence: sequence, response: response, note: note))
        case let .callback(deliver):
            deliver(response, note)
        }
    }
}

/// The one way into an event loop from another thread: a locked queue plus an eventfd that
/// wakes `epoll_wait`.
final class LoopMailbox: Sendable {
    enum Message: Sendable {
        case completion(descriptor: Int32, connectionID: UInt64, sequence: UInt64, response: HTTPResponse, note: String)
        case drain(deadline: UInt64)
    }

    let eventDescriptor: Int32
    private let queue = Locked<[Message]>([])

    init() {
        eventDescriptor = csystem_eventfd()
        precondition(eventDescriptor >= 0, "eventfd failed")
    }

    func post(_ message: Message) {
        let wasEmpty = queue.withLock { queue in
            queue.append(message)
            return queue.count == 1
        }
        // Only the first message after a drain needs to wake the loop.
        if wasEmpty {
            var one: UInt64 = 1
            _ = write(eventDescriptor, &one, 8)
        }
    }

    func takeAll() -> [Message] {
        var counter: UInt64 = 0
        _ = read(eventDescriptor, &counter, 8)
        return queue.withLock { queue in
            let messages = queue
            queue.removeAll(keepingCapacity: true)
            return messages
        }
    }
}
