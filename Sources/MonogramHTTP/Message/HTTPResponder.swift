import CSystem
import Glibc
import MonogramSync

/// Answers one deferred request, from any thread, exactly once.
public struct HTTPResponder: Sendable {
    private enum Destination: Sendable {
        case loop(LoopMailbox, descriptor: Int32, connectionID: UInt64, sequence: UInt64)
        case callback(@Sendable (HTTPResponse, HTTPAccessNote) -> Void)
    }

    private let destination: Destination

    init(mailbox: LoopMailbox, descriptor: Int32, connectionID: UInt64, sequence: UInt64) {
        destination = .loop(mailbox, descriptor: descriptor, connectionID: connectionID, sequence: sequence)
    }

    /// A responder that hands the answer to `deliver`: for in-process tests of a handler,
    /// request value in, response value out, no sockets.
    public init(_ deliver: @escaping @Sendable (_ response: HTTPResponse, _ note: HTTPAccessNote) -> Void) {
        destination = .callback(deliver)
    }

    public func respond(_ response: HTTPResponse, note: HTTPAccessNote = .none) {
        switch destination {
        case let .loop(mailbox, descriptor, connectionID, sequence):
            mailbox.post(.completion(descriptor: descriptor, connectionID: connectionID, sequence: sequence, response: response, note: note))
        case let .callback(deliver):
            deliver(response, note)
        }
    }
}
