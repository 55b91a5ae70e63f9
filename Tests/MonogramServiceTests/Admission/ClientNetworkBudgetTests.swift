import MonogramCore
import MonogramService
import Testing

/// The second, coarser bucket of `ClientBudgetTable`: a client's network (/24, /48) shares
/// `network_clients` budgets, so rotating source addresses inside one prefix is bounded.
/// A hand-driven clock in nanoseconds.
@Suite struct ClientNetworkBudgetTests {
    static let second: UInt64 = 1_000_000_000

    static func v4(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> ClientKey {
        ClientKey(high: 0, low: 0xFFFF_0000_0000 | a << 24 | b << 16 | c << 8 | d)
    }

    /// 1 render/s, burst 10; a network holds 4 clients' worth (rate 4, burst 40).
    static func table() -> ClientBudgetTable {
        let budget = RenderBudget(rate: 1, burst: 10)
        return ClientBudgetTable(
            budget: budget, capacity: 1000,
            network: .init(budget: RenderBudget(rate: 4, burst: 40), ipv4Prefix: 24, ipv6Prefix: 48))
    }

    @Test("rotating through the addresses of one /24 gets the network's budget, not one per address")
    func rotationBounded() {
        let table = Self.table()
        var admitted = 0
        for host in 1...250 {
            for _ in 0..<10 where table.charge(Self.v4(198, 51, 100, UInt64(host)), tokens: 1, now: 0) == .admitted {
                admitted += 1
            }
        }
        #expect(admitted == 40, "the /24's burst, where 250 separate budgets would have allowed 2,500")
        // One second later the network has 4 tokens again: the rate, not 250 × the rate.
        var later = 0
        for host in 1...250 where table.charge(Self.v4(198, 51, 100, UInt64(host)), tokens: 1, now: Self.second) == .admitted {
            later += 1
        }
        #expect(later == 4)
    }

    @Test("another /24 is untouched by the rotation")
    func otherNetwork() {
        let table = Self.table()
        for host in 1...250 { _ = table.charge(Self.v4(198, 51, 100, UInt64(host)), tokens: 10, now: 0) }
        for _ in 0..<10 { #expect(table.charge(Self.v4(198, 51, 101, 7), tokens: 1, now: 0) == .admitted) }
    }

    @Test("a refusal by either bucket takes from neither, and says the later retry time")
    func bothOrNeither() {
        let table = Self.table()
        let alice = Self.v4(203, 0, 113, 1)
        // Four neighbours spend 40 of the network's tokens (10 each, within their own bursts).
        for host in 2...5 { #expect(table.charge(Self.v4(203, 0, 113, UInt64(host)), tokens: 10, now: 0) == .admitted) }
        // Alice's own bucket is full, the network's empty: refused, 10 tokens at 4/s = 3 s.
        #expect(table.charge(alice, tokens: 10, now: 0) == .refused(retryAfter: 3))
        #expect(table.tokens(of: alice).client == 10, "her own bucket was not charged for the refusal")
        #expect(table.refused == 1)
        #expect(table.charge(alice, tokens: 10, now: 3 * Self.second) == .admitted)
        #expect(table.tokens(of: alice).client == 0)
    }

    @Test("IPv6 networks are /48s: another /64 in the same /48 shares the network bucket")
    func v6() {
        let table = Self.table()
        var admitted = 0
        for subnet in 0..<100 {
            // 2001:db8:1:<subnet>::/64
            let client = ClientKey(high: 0x2001_0DB8_0001_0000 | UInt64(subnet), low: 0)
            if table.charge(client, tokens: 10, now: 0) == .admitted { admitted += 1 }
        }
        #expect(admitted == 4)
        #expect(table.charge(ClientKey(high: 0x2001_0DB8_0002_0000, low: 0), tokens: 10, now: 0) == .admitted)
    }

    @Test("without a network budget every client has only its own bucket")
    func off() {
        let table = ClientBudgetTable(budget: RenderBudget(rate: 1, burst: 10), capacity: 1000)
        for host in 1...50 { #expect(table.charge(Self.v4(198, 51, 100, UInt64(host)), tokens: 10, now: 0) == .admitted) }
    }

    @Test("a key is cut to its IPv4 or IPv6 prefix; the unparsable key stays itself")
    func prefix() {
        #expect(Self.v4(198, 51, 100, 77).prefix(ipv4: 24, ipv6: 48) == Self.v4(198, 51, 100, 0))
        #expect(Self.v4(198, 51, 100, 77).prefix(ipv4: 32, ipv6: 1) == Self.v4(198, 51, 100, 77))
        #expect(Self.v4(198, 51, 100, 77).prefix(ipv4: 20, ipv6: 48) == Self.v4(198, 51, 96, 0))
        #expect(Self.v4(198, 51, 100, 77).prefix(ipv4: 24, ipv6: 48).isIPv4)
        let v6 = ClientKey(high: 0x2001_0DB8_0001_0002, low: 0x1234)
        #expect(v6.prefix(ipv4: 24, ipv6: 48) == ClientKey(high: 0x2001_0DB8_0001_0000, low: 0))
        #expect(v6.prefix(ipv4: 24, ipv6: 128) == v6)
        let unparsable = ClientKey(high: .max, low: .max)
        #expect(unparsable.prefix(ipv4: 24, ipv6: 48) == unparsable)
    }
}
