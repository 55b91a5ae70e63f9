import Testing
@testable import MonogramHTTP

/// After a 429 a connection takes its next request a second later (manual clock): a flood of
/// refused requests on one connection is answered at one a second, not as fast as it is sent.
@Suite("connection pause after 429")
struct ConnectionPauseTests {
    static let refused = HTTPResponse.error(HTTPStatus(code: 429, reason: "Too Many Requests"), "over budget", extraHeaders: [("Retry-After", "3")])

    @Test("the request after a 429 is taken one second later, and read no sooner")
    func pauses() {
        var connection = ConnectionHarness()
        connection.handler = { head in head.target == "/refused" ? ConnectionPauseTests.refused : ConnectionHarness.small }
        connection.send(get("/refused") + get("/next"))
        #expect(connection.statuses == [429])
        #expect(connection.dispatched.count == 1)
        #expect(!connection.readInterest, "nothing is read while paused")
        connection.advance(milliseconds: 999)
        #expect(connection.dispatched.count == 1)
        connection.advance(milliseconds: 1)
        #expect(connection.statuses == [429, 200])
        #expect(connection.readInterest)
    }

    @Test("a 429 that closes the connection does not pause it, and other statuses never do")
    func onlyOpen429() {
        var connection = ConnectionHarness()
        connection.handler = { head in head.target == "/error" ? HTTPResponse.error(.serviceUnavailable, "busy") : ConnectionHarness.small }
        connection.send(get("/error") + get("/next"))
        #expect(connection.statuses == [503, 200])
        #expect(connection.machine.pausedUntil == nil)
    }

    @Test("a paused connection with nothing else to do still counts as idle")
    func pausedIsIdle() {
        var connection = ConnectionHarness()
        connection.handler = { _ in ConnectionPauseTests.refused }
        connection.send(get("/refused"))
        #expect(connection.machine.pausedUntil != nil)
        #expect(connection.machine.idleSince == connection.now)
    }
}
