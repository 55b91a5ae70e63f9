import Testing
@testable import MonogramHTTP

/// The output budget and the pipelining depth (issue 11, break 2): every byte a connection
/// holds is counted when its request is taken, not after serialisation.
@Suite("connection backpressure")
struct ConnectionBackpressureTests {
    /// About the size of a cached `size=1024&dpr=4` PNG.
    static let large = HTTPResponse(status: .ok, headers: [("Content-Type", "image/png")], body: [UInt8](repeating: 7, count: 400_000))

    @Test("32 pipelined requests for a 400 KB answer to a peer that reads nothing queue no more than the budget plus one answer")
    func budgetAtDispatch() {
        var connection = ConnectionHarness()
        connection.room = 0
        connection.handler = { _ in Self.large }
        connection.send(String(repeating: get("/big"), count: 32))
        #expect(connection.dispatched.count == 3, "1 MiB budget: the third answer crosses it, no fourth is taken")
        #expect(connection.peakQueued <= (1 << 20) + 400_200)
        #expect(!connection.readInterest, "reading pauses while over the budget")
        // The reader catches up: the rest are taken as room appears, all in order.
        for _ in 0..<40 { connection.peerReads(300_000) }
        connection.peerReads()
        #expect(connection.dispatched.count == 32)
        #expect(connection.statuses == Array(repeating: 200, count: 32))
        #expect(connection.peakQueued <= (1 << 20) + 400_200)
        #expect(connection.readInterest)
    }

    @Test("deferred answers are charged a reservation when dispatched, then their real size")
    func reservation() {
        var policy = HTTPConnectionPolicy()
        policy.maxBufferedOutput = 256 << 10
        policy.dispatchReservation = 64 << 10
        var connection = ConnectionHarness(policy: policy)
        connection.handler = { _ in nil }
        connection.send(String(repeating: get("/render"), count: 10))
        #expect(connection.dispatched.count == 4, "4 × 64 KiB reserved fill the 256 KiB budget")
        #expect(connection.machine.queuedBytes == 256 << 10)
        connection.room = 0
        connection.answer(1, with: Self.large)  // out of order: held until 0 is written
        #expect(connection.machine.queuedBytes == 3 * (64 << 10) + Int(Self.large.head.count) + 64 + 400_000)
        #expect(connection.dispatched.count == 4)
    }

    @Test("no more than max_pipelined_requests are taken ahead")
    func depth() {
        var policy = HTTPConnectionPolicy()
        policy.maxPipelinedRequests = 4
        policy.dispatchReservation = 1
        var connection = ConnectionHarness(policy: policy)
        connection.handler = { _ in nil }
        connection.send(String(repeating: get(), count: 10))
        #expect(connection.dispatched.count == 4)
        #expect(!connection.readInterest)
        connection.answer(0)
        #expect(connection.dispatched.count == 5, "one written, one more taken")
        for sequence in 1..<10 { connection.answer(UInt64(sequence)) }
        #expect(connection.statuses.count == 10)
    }

    @Test("answers ready out of order are written in request order")
    func order() {
        var connection = ConnectionHarness()
        connection.handler = { _ in nil }
        connection.send(get("/0") + get("/1") + get("/2"))
        let bodies = (0..<3).map { HTTPResponse(status: .ok, headers: [], body: Array("answer \($0)".utf8)) }
        connection.answer(2, with: bodies[2])
        connection.answer(1, with: bodies[1])
        #expect(connection.written.isEmpty)
        connection.answer(0, with: bodies[0])
        let text = String(decoding: connection.written, as: UTF8.self)
        let positions = (0..<3).compactMap { text.firstRange(of: "answer \($0)")?.lowerBound }
        #expect(positions.count == 3 && positions == positions.sorted())
    }

    @Test("a queued answer shares the cached body's storage instead of copying it")
    func sharedBody() {
        var connection = ConnectionHarness()
        connection.room = 0
        connection.handler = { _ in Self.large }
        connection.send(get("/big"))
        let queued = connection.machine.output.pending.first?.body.withUnsafeBufferPointer { $0.baseAddress }
        let cached = Self.large.body.withUnsafeBufferPointer { $0.baseAddress }
        #expect(queued != nil && queued == cached)
    }

    @Test("input buffered past the read bound pauses reading until the parser drains it")
    func inputBound() {
        var policy = HTTPConnectionPolicy()
        policy.maxPipelinedRequests = 1
        var connection = ConnectionHarness(policy: policy)
        connection.handler = { _ in nil }
        connection.send(String(repeating: get("/" + String(repeating: "a", count: 1000)), count: 80))
        #expect(!connection.readInterest)
        for sequence in 0..<80 { connection.answer(UInt64(sequence)) }
        #expect(connection.statuses.count == 80)
        #expect(connection.readInterest)
    }
}
