import Testing
@testable import MonogramHTTP

/// Random event orders against the machine's invariants: never more queued than the budget
/// plus one answer and the reservations, never a dispatch or write after close, every answer
/// written in order, and nothing silently dropped before close.
@Suite("connection under random events")
struct ConnectionRandomEventsTests {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("queued bytes stay within the documented bound and answers stay whole for 200 random event sequences", arguments: 0..<200)
    func invariants(seed: Int) {
        var random = Generator(state: UInt64(seed))
        var policy = HTTPConnectionPolicy()
        policy.maxBufferedOutput = 200_000
        policy.maxPipelinedRequests = 8
        let large = HTTPResponse(status: .ok, headers: [], body: [UInt8](repeating: 1, count: 90_000))
        // The documented bound (HTTPConnectionPolicy.maxBufferedOutput).
        let largest = large.head.count + 64 + large.body.count
        let bound = policy.maxBufferedOutput + (policy.maxBufferedOutput / policy.dispatchReservation + 1) * largest
        var connection = ConnectionHarness(policy: policy)
        let deferEvery = Int.random(in: 1...4, using: &random)
        var count = 0
        connection.handler = { _ in
            count += 1
            if count % deferEvery == 0 { return nil }
            return count % 3 == 0 ? large : ConnectionHarness.small
        }
        var stream = Array((0..<40).map { get("/r\($0)") }.joined().utf8)
        connection.room = Int.random(in: 0...300_000, using: &random)
        for _ in 0..<200 where !connection.closed {
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3 where !stream.isEmpty:
                let cut = Int.random(in: 1...min(stream.count, 400), using: &random)
                connection.send(Array(stream.prefix(cut)))
                stream.removeFirst(cut)
            case 4, 5:
                connection.peerReads(Int.random(in: 0...150_000, using: &random))
            case 6, 7:
                if let owed = connection.machine.slots.first(where: { $0.response == nil }) {
                    connection.answer(owed.sequence, with: Bool.random(using: &random) ? large : ConnectionHarness.small)
                }
            case 8:
                connection.advance(milliseconds: Int.random(in: 1...3000, using: &random))
            default:
                if Int.random(in: 0..<20, using: &random) == 0 { connection.peerCloses() }
            }
            #expect(connection.machine.queuedBytes <= bound)
        }
        #expect(connection.peakQueued <= bound)
        // Answers that were written are whole and in request order.
        let statuses = connection.statuses
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 408 })
        #expect(connection.logged.count >= statuses.count)
    }
}
