import Testing
@testable import MonogramHTTP

/// Which connections a full server may close for a new client (manual clock): idle keep-alives
/// first, then heads still arriving after a quarter of `read_header_timeout`, oldest first.
/// Trickling heads from 16 addresses held every slot of `max_connections` until their 408.
@Suite("connection eviction at max_connections")
struct ConnectionEvictionTests {
    static var policy: HTTPConnectionPolicy {
        var policy = HTTPConnectionPolicy()
        policy.readHeaderTimeout = .seconds(8)
        policy.idleTimeout = .seconds(60)
        return policy
    }

    @Test("a head is slow once it has been arriving for more than a quarter of read_header_timeout")
    func slowAfterAQuarter() {
        var connection = ConnectionHarness(policy: Self.policy)
        connection.advance(milliseconds: 500)
        connection.send("GET /healthz HT")
        let started = connection.now
        connection.advance(milliseconds: 2000)
        #expect(connection.machine.slowHeadSince(now: connection.now) == nil, "exactly a quarter is not yet slow")
        let early = connection.machine.evict(.slowHead, now: connection.now)
        #expect(!early)
        connection.advance(milliseconds: 1)
        #expect(connection.machine.slowHeadSince(now: connection.now) == started, "the clock runs from the head's first byte")
        let evicted = connection.machine.evict(.slowHead, now: connection.now)
        #expect(evicted)
        connection.advance(milliseconds: 0)
        #expect(connection.closed)
        #expect(connection.statuses.isEmpty, "closed, not answered: the slot is needed now")
    }

    @Test("an idle connection, a complete request and a closing peer are not slow heads")
    func onlyHeadsInProgress() {
        var idle = ConnectionHarness(policy: Self.policy)
        idle.advance(milliseconds: 5000)
        #expect(idle.machine.evictableSince(.slowHead, now: idle.now) == nil)
        #expect(idle.machine.evictableSince(.recentlyIdle, now: idle.now) == .zero)

        var owed = ConnectionHarness(policy: Self.policy)
        owed.handler = { _ in nil }
        owed.send(get("/slow"))
        owed.advance(milliseconds: 5000)
        #expect(owed.machine.evictableSince(.slowHead, now: owed.now) == nil, "an answer is owed")
        let evicted = owed.machine.evict(.slowHead, now: owed.now)
        #expect(!evicted)

        var halfClosed = ConnectionHarness(policy: Self.policy)
        halfClosed.send("GET / HT")
        halfClosed.advance(milliseconds: 5000)
        halfClosed.machine.peerClosed()
        #expect(halfClosed.machine.evictableSince(.slowHead, now: halfClosed.now) == nil)
    }

    @Test("keep-alives idle for over a quarter of idle_timeout go first, then slow heads, then keep-alives idle briefly")
    func idleGrace() {
        #expect(Eviction.allCases == [.idle, .slowHead, .recentlyIdle])
        var connection = ConnectionHarness(policy: Self.policy)
        connection.send(get("/"))
        let since = connection.now
        connection.advance(milliseconds: 15_000)
        #expect(connection.machine.evictableSince(.idle, now: connection.now) == nil, "idle for exactly a quarter of 60 s")
        #expect(connection.machine.evictableSince(.recentlyIdle, now: connection.now) == since)
        let early = connection.machine.evict(.idle, now: connection.now)
        #expect(!early)
        connection.advance(milliseconds: 1)
        #expect(connection.machine.evictableSince(.idle, now: connection.now) == since)
        let evicted = connection.machine.evict(.idle, now: connection.now)
        #expect(evicted)
    }

    @Test("a slow head is not idle: the oldest slow head goes first")
    func order() {
        var heads: [ConnectionHarness] = []
        let starts = [300, 100, 200]
        for start in starts {
            var connection = ConnectionHarness(policy: Self.policy)
            connection.advance(milliseconds: start)
            connection.send("GET / HTTP/1.1\r\nHost: t\r\n")
            heads.append(connection)
        }
        for index in heads.indices { heads[index].advance(milliseconds: 3500 - starts[index]) }
        let now = heads[0].now
        #expect(heads.allSatisfy { $0.machine.evictableSince(.idle, now: now) == nil }, "a head in progress is not idle")
        let oldest = heads.indices.min { heads[$0].machine.evictableSince(.slowHead, now: now)! < heads[$1].machine.evictableSince(.slowHead, now: now)! }
        #expect(oldest == 1, "the head that started first goes first")
    }

    @Test("a head after an answer still on its way is not evicted until the answer is acknowledged")
    func answerDeliveredFirst() {
        var connection = ConnectionHarness(policy: Self.policy)
        connection.sendBuffer = 1 << 20
        connection.send(get("/"))
        connection.send("GET / HT")
        connection.advance(milliseconds: 3000)
        #expect(connection.machine.awaitsAcknowledgement)
        #expect(connection.machine.slowHeadSince(now: connection.now) == nil)
        connection.peerAcknowledges(1 << 20)
        connection.advance(milliseconds: 1)
        #expect(connection.machine.slowHeadSince(now: connection.now) == .zero)
    }

    @Test("a slow head that was not evicted still gets its 408 at read_header_timeout")
    func stillTimesOut() {
        var connection = ConnectionHarness(policy: Self.policy)
        connection.send("GET / HT")
        connection.advance(milliseconds: 8000)
        #expect(connection.statuses == [408])
    }
}
