/// One connection's lifecycle, free of I/O: events go in (bytes read, an answer ready, bytes
/// written, peer closed, a clock tick, drain), and `nextAction` hands out what the socket
/// owner must do, one action at a time, until it returns nil.
///
/// Generic over the instant so tests drive every timeout with a manual clock; the server uses
/// `LoopInstant` (a frozen-layout reading of CLOCK_MONOTONIC; see there why not `ContinuousClock.Instant`).
///
/// Pull, not push: a `.dispatch` is handed out only after the answer to the previous one is
/// known when the handler answers at once (`ready` is called before the next `nextAction`),
/// so the output budget is charged with real sizes before another request is taken. That
/// is what keeps 32 pipelined requests for a 400 KB image from queueing 12 MB.
struct HTTPConnectionStateMachine<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    /// The legal states; anything else (owing answers, queued bytes) is data, not a phase.
    enum State: Equatable, Sendable {
        /// Nothing owed, waiting for a request. `since`: when the wait began, or, once a head
        /// has started arriving, when it started (the read-header clock).
        case reading(since: Instant)
        /// Answers owed or bytes queued; further pipelined requests may still be taken.
        case responding
        /// No more requests are taken: the owed answers are finished, then the connection
        /// lingers (or closes, if the peer has closed its side).
        case closing
        /// Our write side is shut; reading and discarding until the peer closes or `until`.
        case lingering(until: Instant)
        case closed
    }

    enum Action: Sendable {
        /// Hand the request to the handler; answer with `ready(sequence:…)`.
        case dispatch(HTTPRequestHead, sequence: UInt64)
        /// Write from `output` as far as the socket takes; report `wrote`/`writeBlocked`.
        case write
        /// Desired epoll interest (only handed out when it changes).
        case interest(read: Bool, write: Bool)
        case shutdownWrite
        case close
        /// An answer was queued for writing: one access-log record.
        case log(Completion)
    }

    /// What the access log needs about one queued answer.
    struct Completion: Sendable {
        let request: HTTPRequestHead?
        let status: Int
        let bodyBytes: Int
        let started: Instant
        let note: HTTPAccessNote
    }

    struct Slot: Sendable {
        let sequence: UInt64
        /// nil for the error answer to a head that could not be parsed. A `var` only so that
        /// queueing the answer can move it into the access record instead of copying it.
        var request: HTTPRequestHead?
        let started: Instant
        var response: HTTPResponse?
        var note = HTTPAccessNote.none
        /// Bytes charged against the output budget: the reservation, then the real size.
        var charge: Int
        /// What queueing the answer needs of the request, read once here rather than through
        /// the optional head (which copied it) for every answer: not HEAD, and HTTP/1.0.
        let sendsBody: Bool
        let isHTTP10: Bool
        /// Bytes the kept head holds (`HTTPRequestHead.heldBytes`), counted in `slotRequestBytes`.
        let requestBytes: Int

        init(sequence: UInt64, request: HTTPRequestHead?, started: Instant, response: HTTPResponse? = nil, charge: Int) {
            self.sequence = sequence
            self.request = request
            self.started = started
            self.response = response
            self.charge = charge
            sendsBody = request.map { $0.method != .head } ?? true
            isHTTP10 = request.map { $0.version.minor == 0 } ?? false
            requestBytes = request?.heldBytes ?? 0
        }

        /// A dispatched request's slot: the flags read from the head itself, not through an
        /// `Optional` copy of it (copied and destroyed through runtime value witnesses).
        /// The slot keeps the head only, for the access log: a body is the handler's.
        init(sequence: UInt64, head: HTTPRequestHead, started: Instant, charge: Int) {
            self.sequence = sequence
            self.started = started
            self.response = nil
            self.charge = charge
            if case .head = head.method { sendsBody = false } else { sendsBody = true }
            isHTTP10 = head.version.minor == 0
            var kept = head
            if !kept.body.isEmpty { kept.body = [] }
            requestBytes = kept.heldBytes
            self.request = kept
        }
    }

    // Internal rather than private: the events and actions live in +Events/+Actions; only
    // those two files change these.
    let policy: HTTPConnectionPolicy
    var state: State
    var parser: HTTPParser
    var slots: [Slot] = []
    var output = OutputQueue()
    var slotCharges = 0
    /// Bytes of the request heads kept in `slots` (for the access log) until their answers
    /// are queued. They count with the unparsed input against `maxBufferedInput`: behind one
    /// slow answer, 16 pipelined 16 KB heads, each with a 64 KB POST body, were held per
    /// connection (2 MB; 200 connections: RSS 37 → 440 MiB) where the memory formula counts
    /// 36 KiB. Bodies are not kept at all once the handler has had them.
    var slotRequestBytes = 0
    /// The largest answer charged so far: the reservation for the next deferred request.
    var largestAnswer = 0
    var nextSequence: UInt64 = 0
    /// When the peer last took bytes: a write the socket accepted, or more of what was
    /// written acknowledged by the peer (`acknowledged`).
    var lastWriteProgress: Instant
    /// Bytes handed to the socket so far, and how many of them the peer has acknowledged as
    /// last reported. Writes alone misjudge a slow reader: the kernel's send buffer (megabytes
    /// once tuned) takes bytes in bursts, and epoll reports it writable only once a large part
    /// has drained, so a client reading steadily at 16 KiB/s went more than `writeTimeout`
    /// without a write and was cut off mid-answer.
    var bytesWritten = 0
    var bytesAcknowledged = 0
    /// The peer sent FIN: what is complete in the buffer is answered, nothing more arrives.
    var inputClosed = false
    /// The last write returned EAGAIN; cleared by `writable()`.
    var writeBlocked = false
    var announcedInterest: (read: Bool, write: Bool)?
    var closeHandedOut = false
    var drainDeadline: Instant?
    /// No request is taken (nor anything read) before this: the last answer was a 429.
    var pausedUntil: Instant?

    init(policy: HTTPConnectionPolicy, parserLimits: HTTPParserLimits, now: Instant) {
        self.policy = policy
        self.parser = HTTPParser(limits: parserLimits)
        self.state = .reading(since: now)
        self.lastWriteProgress = now
    }

    /// Bytes written that the peer has not acknowledged yet, as far as this machine knows: the
    /// socket owner asks the kernel (`acknowledged`) while this is true.
    var awaitsAcknowledgement: Bool { bytesAcknowledged < bytesWritten }

    /// Since when the connection has had nothing to do — no request started or owed, nothing
    /// queued or unacknowledged, the peer still there — or nil when it is busy. The server
    /// closes the longest-idle connection when it is full and a new client arrives.
    var idleSince: Instant? {
        guard case let .reading(since) = state, slots.isEmpty, output.isEmpty, !awaitsAcknowledgement,
              !inputClosed, !parser.hasPartialRequest else { return nil }
        return since
    }

    /// Since when a request head has been arriving, if it is arriving slowly: still incomplete
    /// after more than a quarter of `read_header_timeout` (an honest client sends a head in one
    /// packet or a few). A full server closes the oldest such connection for a new client, as
    /// it closes an idle one: trickling heads from a few addresses held every slot until their
    /// 408, and honest clients got 503s meanwhile.
    /// Not while its last answer is still on its way (unacknowledged): that one is delivered.
    func slowHeadSince(now: Instant) -> Instant? {
        guard case let .reading(since) = state, parser.hasPartialRequest, !inputClosed, !awaitsAcknowledgement, output.isEmpty,
              since.duration(to: now) > policy.readHeaderTimeout / 4 else { return nil }
        return since
    }

    /// Everything this connection holds against its output budget.
    var queuedBytes: Int { slotCharges + output.pendingBytes }

    // Pattern matches rather than `==`: the derived equality of a generic enum goes through
    // runtime metadata on every call, and these run several times per request.
    var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    var isClosing: Bool {
        if case .closing = state { return true }
        return false
    }
}
