import CSystem
import Glibc
import MonogramSync

/// The one way into an event loop from another thread: a locked queue plus an eventfd that
/// wakes `epoll_wait`.
final class LoopMailbox: Sendable {
    enum Message: Sendable {
        case completion(descriptor: Int32, connectionID: UInt64, sequence: UInt64, response: HTTPResponse, note: HTTPAccessNote)
        /// Graceful shutdown: stop accepting at `start` (after `server.drain_delay`), close
        /// everything still open at `deadline`.
        case drain(start: LoopInstant, deadline: LoopInstant)
        /// Another loop (`from`), full at `max_connections`, holds a new client (`id`) on the
        /// strength of this loop's connection of `kind` (idle, or a slow head): close the
        /// oldest one and say whether there was one (`roomMade`).
        case evict(Eviction, from: Int, id: UInt64)
        /// The answer to `evict`: the client `id` is served, or refused after all.
        case roomMade(id: UInt64, made: Bool)
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
