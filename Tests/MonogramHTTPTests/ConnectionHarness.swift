@testable import MonogramHTTP

/// A manual clock's instant: time moves only when a test says so.
struct ManualInstant: InstantProtocol {
    var offset: Duration

    static let zero = ManualInstant(offset: .zero)

    func advanced(by duration: Duration) -> ManualInstant { ManualInstant(offset: offset + duration) }
    func duration(to other: ManualInstant) -> Duration { other.offset - offset }
    static func < (lhs: ManualInstant, rhs: ManualInstant) -> Bool { lhs.offset < rhs.offset }
}

/// Plays the event loop and the socket around one state machine, with no descriptors: carries
/// out each action the way `EventLoop.drive` does and records what happened.
struct ConnectionHarness {
    typealias Machine = HTTPConnectionStateMachine<ManualInstant>

    var machine: Machine
    var now = ManualInstant.zero
    /// Bytes the peer's receive window takes before writes block; nil means unlimited.
    var room: Int?
    /// The kernel's send buffer, for a peer that acknowledges slowly (`peerAcknowledges`):
    /// writes fill it, and EPOLLOUT fires only once it has drained to a third, as Linux
    /// reports a TCP socket writable. nil: every write is acknowledged at once.
    var sendBuffer: Int?
    /// Bytes written and not yet acknowledged by the peer (with `sendBuffer`).
    private(set) var unacknowledged = 0
    /// What the handler does: an answer at once, or nil to defer (answer later with `answer`).
    var handler: (HTTPRequestHead) -> HTTPResponse? = { _ in ConnectionHarness.small }
    private(set) var written: [UInt8] = []
    private(set) var dispatched: [(head: HTTPRequestHead, sequence: UInt64)] = []
    private(set) var readInterest = false
    private(set) var writeInterest = false
    private(set) var shutDown = false
    private(set) var closed = false
    private(set) var logged: [Int] = []
    /// The most `queuedBytes` ever held.
    private(set) var peakQueued = 0

    static let date = Array("Date: Tue, 01 Dec 2026 09:00:00 GMT\r\n".utf8)
    static let small = HTTPResponse(status: .ok, headers: [("Content-Type", "text/plain")], body: Array("ok\n".utf8))

    init(policy: HTTPConnectionPolicy = HTTPConnectionPolicy(), limits: HTTPParserLimits = HTTPParserLimits()) {
        machine = Machine(policy: policy, parserLimits: limits, now: .zero)
        run()
    }

    mutating func send(_ text: String) { send(Array(text.utf8)) }

    mutating func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { machine.received($0, now: now) }
        run()
    }

    mutating func peerCloses() {
        machine.peerClosed()
        run()
    }

    mutating func reset() {
        machine.failed()
        run()
    }

    mutating func advance(milliseconds: Int) {
        now = now.advanced(by: .milliseconds(milliseconds))
        // As the loop's sweep does: ask the kernel, then enforce the deadlines.
        if machine.awaitsAcknowledgement { machine.acknowledged(unacknowledged: unacknowledged, now: now) }
        machine.tick(now: now)
        run()
    }

    /// The peer takes `bytes` out of the send buffer (a slow reader). No event reaches the
    /// machine unless the buffer has drained to a third (EPOLLOUT); the next `advance` sees
    /// the acknowledgement.
    mutating func peerAcknowledges(_ bytes: Int) {
        unacknowledged -= min(bytes, unacknowledged)
        if let sendBuffer, unacknowledged <= sendBuffer / 3, machine.writeBlocked {
            machine.writable()
            run()
        }
    }

    /// The peer reads: the window opens by `bytes` (nil: unlimited) and EPOLLOUT fires.
    mutating func peerReads(_ bytes: Int? = nil) {
        room = bytes
        machine.writable()
        run()
    }

    mutating func answer(_ sequence: UInt64, with response: HTTPResponse = ConnectionHarness.small) {
        machine.ready(sequence: sequence, response: response)
        run()
    }

    mutating func drain(deadlineInMilliseconds: Int) {
        machine.drain(deadline: now.advanced(by: .milliseconds(deadlineInMilliseconds)), now: now)
        run()
    }

    /// The responses written so far, split at each status line.
    var responses: [String] {
        let text = String(decoding: written, as: UTF8.self)
        return text.split(separator: "HTTP/1.1 ").map { "HTTP/1.1 " + $0 }
    }

    var statuses: [Int] { responses.compactMap { Int($0.dropFirst(9).prefix(3)) } }

    private mutating func run() {
        while let action = machine.nextAction(now: now, date: Self.date) {
            peakQueued = max(peakQueued, machine.queuedBytes)
            switch action {
            case let .dispatch(head, sequence):
                precondition(!closed, "dispatch after close")
                dispatched.append((head, sequence))
                if let response = handler(head) { machine.ready(sequence: sequence, response: response) }
            case .write:
                precondition(!shutDown, "write after shutdown")
                var bytes: [UInt8] = []
                for answer in machine.output.pending {
                    bytes += Array((answer.head + answer.date + answer.framing + answer.body).dropFirst(answer.sent))
                }
                let taken = min(bytes.count, room ?? .max, sendBuffer.map { $0 - unacknowledged } ?? .max)
                written += bytes.prefix(taken)
                if let room { self.room = room - taken }
                machine.wrote(taken, now: now)
                if sendBuffer == nil {
                    machine.acknowledged(unacknowledged: 0, now: now)
                } else {
                    unacknowledged += taken
                }
                if taken < bytes.count { machine.writeWouldBlock() }
            case let .interest(read, write):
                readInterest = read
                writeInterest = write
            case .shutdownWrite:
                shutDown = true
            case .close:
                precondition(!closed, "closed twice")
                closed = true
            case .log(let completion):
                logged.append(completion.status)
            }
            peakQueued = max(peakQueued, machine.queuedBytes)
        }
    }
}

func get(_ target: String = "/", _ extra: String = "") -> String {
    "GET \(target) HTTP/1.1\r\nHost: t\r\n\(extra)\r\n"
}
