// libFuzzer harness for `HTTPConnectionStateMachine` (compiled by scripts/fuzz.sh with the
// parser, message and connection sources). The input is a program of events, one opcode byte
// each (some followed by an argument byte): canned requests or raw bytes arriving in pieces,
// answers ready (at once or later, small, large or closing), the peer reading n bytes, the peer
// closing, a reset, clock ticks, drain, eviction for a newcomer. A manual clock: every timeout
// is reachable.
//
// Invariants, checked after every event:
// * queued bytes never over the bound HTTPConnectionPolicy.maxBufferedOutput states:
//   maxBufferedOutput + (maxBufferedOutput / dispatchReservation + 1) × the largest answer;
// * answers leave in request order: the k-th access-log record is the k-th dispatched head,
//   and the sequence markers in the written bytes increase;
// * nothing after close: once `.close` is handed out, `nextAction` returns nil whatever
//   arrives; no write after `shutdownWrite`, no dispatch after a `Connection: close` head or
//   after the write side is shut;
// * every dispatched head gets exactly one answer, or a close the rules allow: a reset, a
//   deadline (write progress, drain), or an earlier answer that closes the connection. A close
//   reached any other way (peer closed, linger) has written every queued byte.

import Glibc

struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
}

typealias Machine = HTTPConnectionStateMachine<Instant>

let policy: HTTPConnectionPolicy = {
    var policy = HTTPConnectionPolicy()
    policy.maxBufferedOutput = 4096
    policy.dispatchReservation = 512
    policy.maxPipelinedRequests = 4
    policy.maxBufferedInput = 1024
    policy.readHeaderTimeout = .milliseconds(500)
    policy.idleTimeout = .milliseconds(1000)
    policy.writeTimeout = .milliseconds(800)
    policy.lingerTimeout = .milliseconds(300)
    policy.drainLingerTimeout = .milliseconds(100)
    return policy
}()
let limits = HTTPParserLimits(maxTargetBytes: 64, maxHeadBytes: 256, maxHeaderFields: 8, maxBodyBytes: 512)
let date = Array("Date: Tue, 01 Dec 2026 09:00:00 GMT\r\n".utf8)
let largeBody = 3000

/// An answer whose body starts with `#<sequence>;` so the written stream shows the order.
func answer(_ sequence: UInt64, size: UInt8) -> HTTPResponse {
    let marker = Array("#\(sequence);".utf8)
    let length = [8, 200, largeBody][Int(size % 3)]
    let body = marker + [UInt8](repeating: UInt8(ascii: "x"), count: max(0, length - marker.count))
    return HTTPResponse(status: .ok, headers: [("Content-Type", "text/plain")], body: body, closesConnection: size % 11 == 10)
}

let largestWire = Machine.wireSize(answer(999_999, size: 2), sendsBody: true)
let bound = policy.maxBufferedOutput + (policy.maxBufferedOutput / policy.dispatchReservation + 1) * largestWire

struct Input {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }
}

struct Run {
    var machine = Machine(policy: policy, parserLimits: limits, now: Instant(offset: .zero))
    var now = Instant(offset: .zero)
    var room = 0
    var answerAtOnce = true
    var sizeAtOnce: UInt8 = 0
    var requestCount = 0
    var dispatched: [(target: String, sequence: UInt64, keepAlive: Bool)] = []
    var owed: [UInt64] = []
    var answered: Set<UInt64> = []
    var logged: [String?] = []
    var loggedRequests = 0
    var written: [UInt8] = []
    var lastMarker: Int = -1
    var closed = false
    var shutDown = false
    var noMoreDispatch = false
    /// A close is allowed to leave answers unwritten: after a reset, a deadline, or an answer
    /// that closes the connection.
    var lossAllowed = false

    mutating func run() {
        var steps = 0
        while let action = machine.nextAction(now: now, date: date) {
            steps += 1
            check(steps < 10_000, "nextAction never settles")
            check(!closed, "action after close: \(action)")
            switch action {
            case let .dispatch(head, sequence):
                check(!noMoreDispatch, "dispatch after Connection: close or shutdown")
                check(!answered.contains(sequence) && !dispatched.contains(where: { $0.sequence == sequence }), "sequence reused")
                dispatched.append((head.target, sequence, head.keepAlive))
                if !head.keepAlive { noMoreDispatch = true }
                if answerAtOnce {
                    let response = answer(sequence, size: sizeAtOnce)
                    if response.closesConnection { lossAllowed = true }
                    answered.insert(sequence)
                    machine.ready(sequence: sequence, response: response)
                } else {
                    owed.append(sequence)
                }
            case .write:
                check(!shutDown, "write after shutdown")
                var bytes: [UInt8] = []
                for part in machine.output.pending {
                    bytes += (part.head + part.date + part.framing + part.body).dropFirst(part.sent)
                }
                check(bytes.count == machine.output.pendingBytes, "output count differs from its bytes")
                let taken = min(bytes.count, room)
                room -= taken
                written += bytes.prefix(taken)
                machine.wrote(taken, now: now)
                if taken < bytes.count { machine.writeWouldBlock() }
            case .interest:
                break
            case .shutdownWrite:
                check(!shutDown, "shut down twice")
                check(machine.output.isEmpty, "write side shut with output queued")
                shutDown = true
                noMoreDispatch = true
            case .close:
                closed = true
            case .log(let completion):
                logged.append(completion.request?.target)
                if let request = completion.request {
                    check(loggedRequests < dispatched.count, "answer for a head never dispatched")
                    check(dispatched[loggedRequests].target == request.target, "answers out of order")
                    loggedRequests += 1
                }
            }
            check(machine.queuedBytes <= bound, "queued \(machine.queuedBytes) over the bound \(bound)")
        }
        checkMarkers()
    }

    /// The `#n;` markers in the written bytes strictly increase. Bytes are dropped once
    /// scanned, except a marker still arriving.
    mutating func checkMarkers() {
        var index = 0
        var resume = written.count
        while index < written.count {
            guard written[index] == UInt8(ascii: "#") else {
                index += 1
                continue
            }
            var value = 0
            var end = index + 1
            while end < written.count, written[end] >= 0x30, written[end] <= 0x39, value < 1 << 40 {
                value = value * 10 + Int(written[end] - 0x30)
                end += 1
            }
            if end == written.count {
                resume = index  // the marker's end has not been written yet
                break
            }
            if written[end] == UInt8(ascii: ";"), end > index + 1 {
                check(value > lastMarker, "answer bytes out of order: \(value) after \(lastMarker)")
                lastMarker = value
            }
            index = end
        }
        written.removeFirst(resume)
    }

    mutating func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { machine.received($0, now: now) }
    }

    func cannedRequest(_ kind: UInt8, number: Int) -> [UInt8] {
        let target = "/r\(number)"
        switch kind % 6 {
        case 0, 1: return Array("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        case 2: return Array("HEAD \(target) HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        case 3: return Array("GET \(target) HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".utf8)
        case 4: return Array("GET \(target) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".utf8)
        default: return Array("POST \(target) HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello".utf8)
        }
    }

    mutating func step(_ input: inout Input) -> Bool {
        guard let op = input.next() else { return false }
        let argument = input.next() ?? 0
        switch op % 12 {
        case 0, 1:
            // Canned requests, delivered in pieces of `argument` bytes (1...16) over several reads.
            var bytes: [UInt8] = []
            for _ in 0...(argument >> 6) {
                requestCount += 1
                bytes += cannedRequest(argument, number: requestCount)
            }
            let piece = Int(argument % 16) + 1
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + piece, bytes.count)
                send(Array(bytes[offset..<end]))
                offset = end
                run()
            }
        case 2:
            // Raw bytes from the input: whatever a client may send.
            var bytes: [UInt8] = []
            for _ in 0..<(Int(argument % 64) + 1) {
                guard let byte = input.next() else { break }
                bytes.append(byte)
            }
            send(bytes)
        case 3, 4:
            // A deferred answer arrives (any owed one, not necessarily the first).
            if !owed.isEmpty {
                let sequence = owed.remove(at: Int(argument) % owed.count)
                let response = answer(sequence, size: argument >> 2)
                if response.closesConnection { lossAllowed = true }
                answered.insert(sequence)
                machine.ready(sequence: sequence, response: response)
            }
        case 5, 6:
            // The peer reads: its window opens and EPOLLOUT fires.
            room += Int(argument) * 64
            machine.writable()
        case 7:
            machine.peerClosed()
        case 8:
            now = now.advanced(by: .milliseconds(Int(argument) * 10))
            // Only deadlines may close with answers owed.
            let before = machine.isClosed
            machine.tick(now: now)
            if !before, machine.isClosed { lossAllowed = true }
        case 9:
            machine.drain(deadline: now.advanced(by: .milliseconds(Int(argument) * 10)), now: now)
        case 10:
            answerAtOnce = argument & 1 == 0
            sizeAtOnce = argument >> 1
        default:
            if argument == 0xFF {
                machine.failed()
                lossAllowed = true
            } else if argument >= 0xFD {
                // A full server closes this connection for a newcomer if it may (idle, or a
                // slow head): never one with an answer owed, queued or still on its way.
                let kind: Eviction = argument == 0xFE ? .idle : .slowHead
                if machine.evict(kind, now: now) {
                    check(owed.isEmpty && machine.output.isEmpty && !machine.awaitsAcknowledgement, "evicted (\(kind)) with an answer owed or unwritten")
                }
            } else {
                // A stale or unknown answer is ignored.
                machine.ready(sequence: UInt64(argument) + 1000, response: answer(0, size: 0))
            }
        }
        run()
        return true
    }

    /// At a close no rule allows to lose answers, every dispatched head was answered and written.
    func checkClose() {
        guard closed, !lossAllowed else { return }
        check(loggedRequests == dispatched.count, "closed with \(dispatched.count - loggedRequests) dispatched heads unanswered")
        check(machine.output.isEmpty, "closed with \(machine.output.pendingBytes) bytes unwritten")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = Input(bytes: UnsafeBufferPointer(start: data, count: size))
    var run = Run()
    run.run()
    while run.step(&input) {
        if run.closed {
            // Whatever still arrives, a closed connection does nothing.
            run.machine.tick(now: run.now.advanced(by: .seconds(100)))
            run.machine.peerClosed()
            check(run.machine.nextAction(now: run.now, date: date) == nil ? true : false, "action after close")
            run.checkClose()
            break
        }
    }
    // With input exhausted: the peer reads everything and time passes until it ends.
    if !run.closed {
        // The handler owes a bounded time at most (the service's deadlines): answer everything.
        run.answerAtOnce = true
        run.sizeAtOnce = 0
        for sequence in run.owed {
            run.answered.insert(sequence)
            run.machine.ready(sequence: sequence, response: answer(sequence, size: 0))
        }
        run.owed.removeAll()
        run.room = .max / 2
        run.machine.writable()
        run.run()
        run.machine.peerClosed()
        run.run()
        run.checkClose()
        // Every state ends: at the latest, the read-header or linger deadline closes it.
        run.now = run.now.advanced(by: .seconds(100))
        run.machine.tick(now: run.now)
        run.run()
        check(run.closed, "connection never closed: \(run.machine.state)")
    }
    return 0
}
