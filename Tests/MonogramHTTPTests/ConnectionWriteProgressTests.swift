import Testing
@testable import MonogramHTTP

/// Write progress judged by what the peer acknowledges, on a manual clock: a reader that keeps
/// reading, however slowly, is never cut off; one that reads nothing is, `write_timeout` after
/// its last progress. The harness's send buffer reports EPOLLOUT only once it has drained to a
/// third, as Linux does, so writes alone come too rarely to show the progress.
@Suite("connection write progress")
struct ConnectionWriteProgressTests {
    static let big = HTTPResponse(status: .ok, headers: [("Content-Type", "image/png")], body: [UInt8](repeating: 0x41, count: 1 << 20))

    /// A connection whose answer is `big`, written into a 256 KiB send buffer.
    static func slowPeer() -> ConnectionHarness {
        var connection = ConnectionHarness()
        connection.sendBuffer = 256 << 10
        connection.handler = { _ in ConnectionWriteProgressTests.big }
        return connection
    }

    @Test("a reader taking 8 KiB/s receives a 1 MiB answer whole, though epoll reports it writable only every 21 s")
    func steadyReaderCompletes() {
        var connection = Self.slowPeer()
        connection.send(get("/big"))
        var elapsed = 0
        // 1 KiB every 125 ms until everything written has been acknowledged.
        while connection.unacknowledged > 0 || !connection.machine.output.isEmpty {
            #expect(!connection.closed, "cut off after \(elapsed) ms with \(connection.written.count) bytes written")
            if connection.closed { return }
            connection.peerAcknowledges(1024)
            connection.advance(milliseconds: 125)
            elapsed += 125
        }
        #expect(connection.statuses == [200])
        #expect(connection.written.count > 1 << 20)
        #expect(elapsed > 120_000, "the answer took minutes to read: the test exercised the slow path")
        #expect(!connection.closed)
    }

    @Test("a peer that stops acknowledging is cut off write_timeout after its last progress")
    func stalledReaderIsCutOff() {
        var connection = Self.slowPeer()
        connection.send(get("/big"))
        for _ in 0..<40 {
            connection.peerAcknowledges(1024)
            connection.advance(milliseconds: 125)
        }
        // Progress stops here (5 s in): the last acknowledgement was seen at this instant.
        connection.advance(milliseconds: 9999)
        #expect(!connection.closed)
        connection.advance(milliseconds: 1)
        #expect(connection.closed)
        #expect(connection.written.count < 1 << 20, "truncated: the peer never read the rest")
    }

    @Test("a keep-alive connection is not idle while its last answer is still being acknowledged")
    func unacknowledgedIsNotIdle() {
        var connection = ConnectionHarness()
        connection.sendBuffer = 4 << 20
        connection.handler = { _ in ConnectionWriteProgressTests.big }
        connection.send(get("/big"))
        #expect(connection.machine.output.isEmpty, "the whole answer went into the send buffer at once")
        #expect(connection.machine.idleSince == nil)
        // 30 s to read it: three idle timeouts.
        for _ in 0..<240 {
            connection.peerAcknowledges(1 << 20 / 240 + 1)
            connection.advance(milliseconds: 125)
            #expect(!connection.closed)
        }
        #expect(connection.unacknowledged == 0)
        #expect(connection.machine.idleSince == connection.now, "the idle clock starts once everything was acknowledged")
        connection.advance(milliseconds: 9999)
        #expect(!connection.closed)
        connection.advance(milliseconds: 1)
        #expect(connection.closed, "then the idle timeout applies as usual")
    }

    @Test("an unacknowledged last answer is not cut off by the linger period, and closes once read")
    func lingerWaitsForAcknowledgement() {
        var connection = ConnectionHarness()
        connection.sendBuffer = 4 << 20
        connection.handler = { _ in ConnectionWriteProgressTests.big }
        connection.send(get("/big", "Connection: close\r\n"))
        #expect(connection.shutDown)
        for _ in 0..<100 {
            connection.peerAcknowledges(1 << 20 / 100 + 100)
            connection.advance(milliseconds: 125)
            if connection.unacknowledged > 0 { #expect(!connection.closed) }
        }
        connection.advance(milliseconds: 100)
        #expect(connection.closed)
    }

    @Test("idleSince is set only with nothing started, owed, queued or unacknowledged")
    func idleSince() {
        var connection = ConnectionHarness()
        #expect(connection.machine.idleSince == .zero)
        connection.handler = { _ in nil }
        connection.advance(milliseconds: 500)
        connection.send(get("/slow"))
        #expect(connection.machine.idleSince == nil, "an answer is owed")
        connection.answer(0)
        #expect(connection.machine.idleSince == connection.now)
        connection.send("GET / HT")
        #expect(connection.machine.idleSince == nil, "a head has started")
    }

    @Test("a kernel that cannot say how much is unacknowledged counts as everything taken")
    func unknownCountsAsAcknowledged() {
        var connection = Self.slowPeer()
        connection.send(get("/big"))
        #expect(connection.machine.awaitsAcknowledgement)
        connection.machine.acknowledged(unacknowledged: -1, now: connection.now)
        #expect(!connection.machine.awaitsAcknowledgement)
    }
}
