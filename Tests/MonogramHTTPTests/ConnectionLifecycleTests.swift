import Testing
@testable import MonogramHTTP

/// The connection's states and framing, event by event (the live tests are the second tier).
@Suite("connection lifecycle")
struct ConnectionLifecycleTests {
    @Test("answers a request and goes back to reading, keep-alive")
    func keepAlive() {
        var connection = ConnectionHarness()
        #expect(connection.readInterest)
        connection.send(get())
        #expect(connection.statuses == [200])
        #expect(connection.machine.state == .reading(since: .zero))
        #expect(!connection.responses[0].contains("Connection:"))
        #expect(connection.responses[0].contains(String(decoding: ConnectionHarness.date, as: UTF8.self)))
        #expect(connection.logged == [200])
    }

    @Test("two pipelined heads split at every byte give the same two answers", arguments: Array(0...(2 * get("/p").utf8.count)))
    func splitEverywhere(at split: Int) {
        let bytes = Array((get("/p") + get("/p")).utf8)
        var connection = ConnectionHarness()
        connection.send(Array(bytes[..<split]))
        connection.send(Array(bytes[split...]))
        #expect(connection.statuses == [200, 200])
        #expect(!connection.closed)
    }

    @Test("HTTP/1.0 keep-alive is confirmed; HTTP/1.0 without it closes")
    func http10() {
        var kept = ConnectionHarness()
        kept.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(kept.responses[0].contains("Connection: keep-alive\r\n"))
        #expect(!kept.shutDown)
        var closed = ConnectionHarness()
        closed.send("GET / HTTP/1.0\r\n\r\n")
        #expect(closed.responses[0].contains("Connection: close\r\n"))
        #expect(closed.shutDown)
    }

    @Test("HEAD gets the head without the body")
    func head() {
        var connection = ConnectionHarness()
        connection.send("HEAD / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(connection.responses[0].hasSuffix("\r\n\r\n"))
        #expect(connection.responses[0].contains("Content-Length: 3\r\n"))
    }

    @Test("a malformed head after good ones: the good ones are answered, then 400 with Connection: close")
    func parseErrorAfterAnswers() {
        var connection = ConnectionHarness()
        connection.send(get("/a") + "GET / HTTP/01.1\r\nHost: t\r\n\r\n" + get("/never"))
        #expect(connection.statuses == [200, 400])
        #expect(connection.responses[1].contains("Connection: close\r\n"))
        #expect(connection.responses[1].contains("Access-Control-Expose-Headers: X-Avatar-Source, X-Avatar-Error\r\n"))
        #expect(connection.dispatched.count == 1)
        #expect(connection.shutDown)
    }

    @Test("requests pipelined before a half-close are all answered, then the connection closes without lingering")
    func halfClose() {
        var connection = ConnectionHarness()
        connection.handler = { _ in nil }
        connection.send(get("/1") + get("/2") + get("/3"))
        connection.peerCloses()
        #expect(!connection.closed)
        for sequence in 0..<3 { connection.answer(UInt64(sequence)) }
        #expect(connection.statuses == [200, 200, 200])
        #expect(connection.closed)
        #expect(!connection.shutDown)
    }

    @Test("a half-close with only part of a head closes once what is owed is written")
    func halfCloseWithPartialHead() {
        var connection = ConnectionHarness()
        connection.send(get("/1") + "GET /2 HTT")
        connection.peerCloses()
        #expect(connection.statuses == [200])
        #expect(connection.closed)
    }

    @Test("a reset mid-write closes at once and later answers are ignored")
    func resetMidWrite() {
        var connection = ConnectionHarness()
        connection.room = 100
        connection.handler = { _ in nil }
        connection.send(get("/1") + get("/2"))
        connection.answer(0, with: ConnectionBackpressureTests.large)
        connection.reset()
        #expect(connection.closed)
        connection.answer(1)
        #expect(connection.written.count == 100)
    }

    @Test("an answer that closes the connection drops the requests behind it")
    func closingAnswer() {
        var connection = ConnectionHarness()
        connection.handler = { _ in nil }
        connection.send(get("/1") + get("/2"))
        connection.answer(0, with: HTTPResponse.error(.badRequest, "no", closesConnection: true))
        #expect(connection.statuses == [400])
        #expect(connection.machine.queuedBytes == 0, "the dropped request's reservation is released")
        connection.answer(1)
        #expect(connection.statuses == [400])
        #expect(connection.shutDown)
    }

    @Test("write interest is asked for only while output is blocked")
    func writeInterest() {
        var connection = ConnectionHarness()
        connection.room = 5
        connection.send(get())
        #expect(connection.writeInterest)
        connection.peerReads()
        #expect(!connection.writeInterest)
        #expect(connection.statuses == [200])
    }
}
