/// One client connection's state, confined to its event loop's thread.
///
/// Responses to pipelined requests may complete out of order (a cache hit after a render), so
/// each request takes a slot in `slots`; bytes leave only from the front slot (RFC 9112 §9.3.2).
final class Connection {
    struct Slot {
        let sequence: UInt64
        /// nil for the error answer to a head that could not be parsed.
        let request: HTTPRequestHead?
        let started: UInt64
        var response: HTTPResponse?
        var note: String = ""
    }

    enum Phase {
        case open
        /// Our write side is shut; reading and discarding until the peer closes, so a final
        /// error response is not destroyed by a TCP reset (RFC 9112 §9.6).
        case lingering(until: UInt64)
    }

    let descriptor: Int32
    let id: UInt64
    let peer: String
    var parser: HTTPParser
    var slots: [Slot] = []
    var nextSequence: UInt64 = 0
    var output: [UInt8] = []
    var outputOffset = 0
    /// No more requests are read; close once the queued responses are written.
    var closeAfterFlush = false
    var peerClosedInput = false
    var phase = Phase.open
    /// When the current partial head started arriving (for the read-header timeout).
    var headStarted: UInt64?
    var lastActivity: UInt64
    var lastWriteProgress: UInt64
    var registeredEvents: UInt32 = 0
    var registered = false

    init(descriptor: Int32, id: UInt64, peer: String, parser: HTTPParser, now: UInt64) {
        self.descriptor = descriptor
        self.id = id
        self.peer = peer
        self.parser = parser
        self.lastActivity = now
        self.lastWriteProgress = now
    }

    var pendingOutput: Int { output.count - outputOffset }

    var isIdle: Bool {
        slots.isEmpty && pendingOutput == 0 && !parser.hasPartialRequest
    }
}
