import Testing
@testable import MonogramHTTP

/// Every deadline of a connection, on a manual clock in milliseconds: no sockets, no sleeps.
@Suite("connection timeouts")
struct ConnectionTimeoutTests {
    @Test("a started head that does not complete in read_header_timeout gets 408 and the connection closes")
    func readHeader() {
        var connection = ConnectionHarness()
        connection.advance(milliseconds: 3000)
        connection.send("GET / HTTP/1.1\r\nHost: t\r\n")
        connection.advance(milliseconds: 4999)
        #expect(connection.written.isEmpty, "the clock starts with the head's first byte, not the wait")
        connection.advance(milliseconds: 1)
        #expect(connection.statuses == [408])
        #expect(connection.responses.first?.contains("Connection: close\r\n") == true)
        #expect(connection.responses.first?.contains("X-Content-Type-Options: nosniff\r\n") == true)
        #expect(connection.responses.first?.contains("Cross-Origin-Resource-Policy: cross-origin\r\n") == true)
        #expect(connection.shutDown)
    }

    @Test("a connection with nothing to do closes at idle_timeout, not before")
    func idle() {
        var connection = ConnectionHarness()
        connection.send(get())
        connection.advance(milliseconds: 9999)
        #expect(!connection.closed)
        connection.advance(milliseconds: 1)
        #expect(connection.closed)
        #expect(connection.statuses == [200])
    }

    @Test("each request restarts the idle clock")
    func idleRestarts() {
        var connection = ConnectionHarness()
        for _ in 0..<5 {
            connection.advance(milliseconds: 9000)
            connection.send(get())
        }
        connection.advance(milliseconds: 9999)
        #expect(!connection.closed)
        #expect(connection.statuses.count == 5)
    }

    @Test("a partial head behind owed answers is timed from when they are done")
    func readHeaderWaitsForAnswers() {
        var connection = ConnectionHarness()
        connection.handler = { _ in nil }
        connection.send(get("/slow") + "GET /next HTTP/1.1\r\n")
        connection.advance(milliseconds: 8000)
        #expect(connection.written.isEmpty, "no 408 while we owe the answer")
        connection.answer(0)
        connection.advance(milliseconds: 4999)
        #expect(connection.statuses == [200])
        connection.advance(milliseconds: 1)
        #expect(connection.statuses == [200, 408])
    }

    @Test("output that makes no progress for write_timeout closes the connection")
    func writeProgress() {
        var connection = ConnectionHarness()
        connection.room = 10
        connection.send(get())
        connection.advance(milliseconds: 6000)
        connection.peerReads(10)  // progress restarts the clock
        connection.advance(milliseconds: 9999)
        #expect(!connection.closed)
        connection.advance(milliseconds: 1)
        #expect(connection.closed)
        #expect(connection.written.count == 20)
    }

    @Test("the write clock starts when there is something to write, not at the last write")
    func writeClockStartsWithOutput() {
        var connection = ConnectionHarness()
        connection.send(get())
        connection.advance(milliseconds: 9000)
        connection.room = 0
        connection.send(get())
        connection.advance(milliseconds: 9999)
        #expect(!connection.closed)
        connection.advance(milliseconds: 1)
        #expect(connection.closed)
    }

    @Test("after the last answer the connection lingers 2 s reading, then closes")
    func linger() {
        var connection = ConnectionHarness()
        connection.send(get("/", "Connection: close\r\n"))
        #expect(connection.shutDown)
        #expect(connection.readInterest, "lingering reads and discards")
        connection.send(get("/ignored"))
        connection.advance(milliseconds: 1999)
        #expect(!connection.closed)
        connection.advance(milliseconds: 1)
        #expect(connection.closed)
        #expect(connection.statuses == [200])
    }

    @Test("lingering ends as soon as the peer closes")
    func lingerEndsOnClose() {
        var connection = ConnectionHarness()
        connection.send(get("/", "Connection: close\r\n"))
        connection.peerCloses()
        #expect(connection.closed)
    }

    @Test("everything still open is closed at the drain deadline")
    func drainDeadline() {
        var connection = ConnectionHarness()
        connection.handler = { _ in nil }
        connection.send(get("/slow"))
        connection.drain(deadlineInMilliseconds: 8000)
        connection.advance(milliseconds: 7999)
        #expect(!connection.closed)
        connection.advance(milliseconds: 1)
        #expect(connection.closed)
    }

    @Test("while draining, lingering is 200 ms")
    func drainLinger() {
        var connection = ConnectionHarness()
        connection.send("GET / HTTP/1.1\r\n")
        connection.drain(deadlineInMilliseconds: 8000)
        connection.send("Host: t\r\n\r\n")
        #expect(connection.shutDown)
        connection.advance(milliseconds: 199)
        #expect(!connection.closed)
        connection.advance(milliseconds: 1)
        #expect(connection.closed)
    }
}
