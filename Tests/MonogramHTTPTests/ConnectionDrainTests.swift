import Testing
@testable import MonogramHTTP

/// Graceful shutdown as each connection sees it (issue 11: no silent close within the grace).
@Suite("connection drain")
struct ConnectionDrainTests {
    @Test("an idle connection closes at once when the drain starts")
    func idleCloses() {
        var connection = ConnectionHarness()
        connection.send(get())
        connection.drain(deadlineInMilliseconds: 8000)
        #expect(connection.closed)
        #expect(connection.statuses == [200])
    }

    @Test("a head half received at SIGTERM that completes within the grace is answered, with Connection: close")
    func halfReceivedHeadAnswered() {
        var connection = ConnectionHarness()
        connection.send("GET /half HTTP/1.1\r\nHo")
        connection.drain(deadlineInMilliseconds: 8000)
        #expect(!connection.closed)
        #expect(connection.readInterest)
        connection.advance(milliseconds: 1000)
        connection.send("st: t\r\n\r\n")
        #expect(connection.statuses == [200])
        #expect(connection.responses.last?.contains("Connection: close\r\n") == true)
        #expect(connection.shutDown)
    }

    @Test("a half-received head split at every byte after SIGTERM is answered", arguments: Array(1..<get("/x").utf8.count))
    func splitAtEveryByte(at split: Int) {
        let bytes = Array(get("/x").utf8)
        var connection = ConnectionHarness()
        connection.send(Array(bytes[..<split]))
        connection.drain(deadlineInMilliseconds: 8000)
        connection.send(Array(bytes[split...]))
        #expect(connection.statuses == [200])
        #expect(connection.responses.last?.contains("Connection: close\r\n") == true)
    }

    @Test("requests complete before SIGTERM are all answered; the last says Connection: close")
    func inFlightAnswered() {
        var connection = ConnectionHarness()
        connection.handler = { _ in nil }
        connection.send(get("/a") + get("/b") + get("/c"))
        connection.drain(deadlineInMilliseconds: 8000)
        for sequence in connection.dispatched.map(\.sequence).reversed() { connection.answer(sequence) }
        #expect(connection.statuses == [200, 200, 200])
        #expect(connection.responses.prefix(2).allSatisfy { !$0.contains("Connection: close") })
        #expect(connection.responses.last?.contains("Connection: close\r\n") == true)
    }

    @Test("a head that never completes after SIGTERM still gets its 408, not silence")
    func stalledHeadTimesOut() {
        var connection = ConnectionHarness()
        connection.send("GET /stalled HTTP/1.1\r\n")
        connection.drain(deadlineInMilliseconds: 8000)
        connection.advance(milliseconds: 5000)
        #expect(connection.statuses == [408])
    }

    @Test("a new connection accepted while draining answers its request with Connection: close")
    func acceptedWhileDraining() {
        var connection = ConnectionHarness()
        connection.drain(deadlineInMilliseconds: 8000)
        #expect(connection.closed, "nothing received: idle")
        var busy = ConnectionHarness()
        busy.send("GET / HTTP/1.1\r\n")
        busy.drain(deadlineInMilliseconds: 8000)
        busy.send("Host: t\r\n\r\n" + get("/after"))
        #expect(busy.statuses == [200, 200], "both heads were buffered; the last answer closes")
        #expect(busy.responses.last?.contains("Connection: close\r\n") == true)
    }
}
