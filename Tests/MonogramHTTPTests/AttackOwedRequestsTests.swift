import Testing
@testable import MonogramHTTP

/// Attack (issue 23 attack pass): the heads of pipelined requests wait in the connection until
/// the answers before them are queued (the access log reads them). Behind one slow answer (a
/// render waiting for its worker), a client pipelined 15 `POST`s, each an 8 KB head with a 64 KB
/// body: every one was dispatched (405 at once) and kept, body included, until the first
/// answer came. 200 such connections took the live server from 37 to 440 MiB of RSS (306 MiB
/// with the same slow fronts and no `POST`s), where the memory formula counts 36 KiB per
/// connection (`Configuration.connectionBytes`).
@Suite("requests owed an answer hold bounded memory")
struct AttackOwedRequestsTests {
    static let pad = "X-Pad: " + String(repeating: "p", count: 8000) + "\r\n"
    static let post = "POST /purge HTTP/1.1\r\nHost: h\r\n\(pad)Content-Length: 65536\r\n\r\n" + String(repeating: "x", count: 65536)

    /// What the connection holds for requests: unparsed input, and the kept heads and bodies.
    static func held(_ machine: ConnectionHarness.Machine) -> Int {
        machine.parser.bufferedByteCount
            + machine.slots.reduce(0) { $0 + ($1.request.map { $0.body.count + $0.raw.utf8.count + $0.target.utf8.count } ?? 0) }
    }

    @Test("behind a deferred answer, pipelined heads and POST bodies stay within the input bound plus one head")
    func owedRequestsBounded() {
        var connection = ConnectionHarness()
        // The GET waits (a render); every POST is answered at once, as /purge and 405s are.
        connection.handler = { $0.method == .get ? nil : ConnectionHarness.small }
        let burst = Array(("GET /slow HTTP/1.1\r\nHost: h\r\n\r\n" + String(repeating: Self.post, count: 15)).utf8)
        var offset = 0
        var peak = 0
        while offset < burst.count, connection.readInterest {
            let take = min(burst.count - offset, connection.machine.readAllowance, 65536)
            connection.send(Array(burst[offset..<offset + take]))
            offset += take
            peak = max(peak, Self.held(connection.machine))
        }
        let limits = HTTPParserLimits()
        // Unparsed input is bounded by `maxBufferedInput` alone; the kept heads share it, and
        // the last head taken may pass it by one head (the 36 KiB of the memory formula).
        #expect(peak <= connection.machine.policy.maxBufferedInput + limits.maxHeadBytes, "held \(peak) bytes")
        #expect(connection.machine.slots.allSatisfy { $0.request?.body.isEmpty ?? true })
        // Nothing is lost: once the slow answer comes, the rest are read and answered in order.
        guard let front = connection.dispatched.first, front.head.method == .get else {
            Issue.record("the slow request was never dispatched")
            return
        }
        connection.answer(front.sequence)
        while offset < burst.count {
            guard connection.readInterest else {
                Issue.record("reading stopped with \(burst.count - offset) bytes unsent")
                return
            }
            let take = min(burst.count - offset, connection.machine.readAllowance, 65536)
            connection.send(Array(burst[offset..<offset + take]))
            offset += take
            peak = max(peak, Self.held(connection.machine))
        }
        #expect(connection.statuses == Array(repeating: 200, count: 16))
        #expect(connection.dispatched.filter { $0.head.method == .post }.allSatisfy { $0.head.body.count == 65536 })
    }
}
