import Testing
@testable import MonogramHTTP

/// `Expect: 100-continue` (RFC 9110 §10.1.1): a client that waits for `100 Continue` before
/// sending its body gets it, then its final status; nothing waits on the other side for ever.
@Suite("connection Expect: 100-continue")
struct ConnectionExpectTests {
    static let expecting = "GET /a HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n"

    @Test("a request with a body and Expect gets 100 Continue, then its final status once the body is in")
    func continueThenFinal() {
        var connection = ConnectionHarness()
        connection.send(Self.expecting)
        #expect(String(decoding: connection.written, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(connection.dispatched.isEmpty, "the request is taken once its body has been read")
        connection.send("hello")
        #expect(connection.statuses == [100, 200])
        #expect(connection.logged == [200], "the interim answer is not an access-log record")
        connection.send(get("/next"))
        #expect(connection.statuses == [100, 200, 200], "the connection stays usable")
    }

    @Test("the expectation is matched case-insensitively, also inside a list")
    func caseAndList() {
        var connection = ConnectionHarness()
        connection.send("GET /a HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nExpect: foo, 100-Continue\r\n\r\n")
        #expect(connection.statuses == [100])
    }

    @Test("no 100 when the body came with the head, when there is no body, or on HTTP/1.0")
    func noInterim() {
        var together = ConnectionHarness()
        together.send(Self.expecting + "hello")
        #expect(together.statuses == [200])

        var empty = ConnectionHarness()
        empty.send(get("/a", "Expect: 100-continue\r\n"))
        #expect(empty.statuses == [200])

        var old = ConnectionHarness()
        old.send("GET /a HTTP/1.0\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        #expect(old.written.isEmpty, "§10.1.1: an HTTP/1.0 expectation is ignored")
        old.send("hello")
        #expect(old.responses.count == 1)
        #expect(old.responses.first?.hasPrefix("HTTP/1.1 200") == true)
    }

    @Test("a body over the limit is refused from the head: a final 413, no 100")
    func tooLarge() {
        var connection = ConnectionHarness(limits: HTTPParserLimits(maxBodyBytes: 4))
        connection.send(Self.expecting)
        #expect(connection.statuses == [413])
    }

    @Test("behind a pipelined request still owed, the 100 waits for that answer")
    func inOrder() {
        var connection = ConnectionHarness()
        connection.handler = { _ in nil }
        connection.send(get("/slow") + Self.expecting)
        #expect(connection.written.isEmpty)
        connection.answer(0)
        #expect(connection.statuses == [200, 100])
        connection.send("hello")
        connection.answer(1)
        #expect(connection.statuses == [200, 100, 200])
    }

    @Test("a client that never sends the body after 100 gets a final 408")
    func bodyNeverComes() {
        var connection = ConnectionHarness()
        connection.send(Self.expecting)
        connection.advance(milliseconds: 5000)
        #expect(connection.statuses == [100, 408])
        #expect(connection.shutDown)
    }
}
