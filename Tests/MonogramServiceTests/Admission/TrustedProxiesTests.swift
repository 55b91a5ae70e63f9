import Testing
@testable import MonogramService

@Suite("trusted proxies: which peer may name the client")
struct TrustedProxiesTests {
    let proxies = TrustedProxies(["10.0.0.0/8", "192.168.1.7", "::1", "fd00::/8"])

    @Test("matches addresses inside configured IPs and CIDRs", arguments: [
        ("10.1.2.3", true), ("10.255.255.255", true), ("11.0.0.1", false), ("192.168.1.7", true),
        ("192.168.1.8", false), ("::1", true), ("::2", false), ("fd12:3456::1", true), ("fe80::1", false),
        ("::ffff:10.9.8.7", true), ("not-an-ip", false), ("", false),
    ])
    func matches(address: String, trusted: Bool) {
        #expect(proxies.contains(address) == trusted)
    }

    @Test("odd prefix lengths cut inside a byte")
    func oddPrefix() {
        let range = TrustedProxies(["172.16.0.0/12"])
        #expect(range.contains("172.31.255.1"))
        #expect(!range.contains("172.32.0.1"))
        #expect(!range.contains("172.15.255.255"))
    }

    @Test("an untrusted peer is the client, whatever it claims")
    func untrustedPeer() {
        #expect(proxies.client(peer: "203.0.113.9", forwardedFor: ["198.51.100.1"], forwarded: []) == "203.0.113.9")
    }

    @Test("a trusted peer: the rightmost X-Forwarded-For address that is not a trusted proxy")
    func rightmostUntrusted() {
        let client = proxies.client(peer: "10.0.0.2", forwardedFor: ["6.6.6.6, 198.51.100.1", "10.3.3.3"], forwarded: [])
        #expect(client == "198.51.100.1")
    }

    @Test("every hop trusted: the leftmost one")
    func allTrusted() {
        #expect(proxies.client(peer: "10.0.0.2", forwardedFor: ["10.0.0.5, 10.0.0.6"], forwarded: []) == "10.0.0.5")
    }

    @Test("a hop that is not an address before any untrusted one: the peer, and the hop reported")
    func garbageHop() {
        // Not the inner proxy 10.0.0.6, whose bucket every client behind it would share.
        let inner = proxies.resolve(peer: "10.0.0.2", forwardedFor: ["198.51.100.1, <script>, 10.0.0.6"], forwarded: [])
        #expect(inner.client == "10.0.0.2")
        #expect(inner.unparsable == "<script>")
        let only = proxies.resolve(peer: "10.0.0.2", forwardedFor: ["unknown"], forwarded: [])
        #expect(only.client == "10.0.0.2")
        #expect(only.unparsable == "unknown")
        // Garbage left of the client's own address is never reached: the walk stopped there.
        let behind = proxies.resolve(peer: "10.0.0.2", forwardedFor: ["<script>, 198.51.100.1"], forwarded: [])
        #expect(behind.client == "198.51.100.1")
        #expect(behind.unparsable == nil)
    }

    @Test("hops written with a port count as their address")
    func hopsWithPorts() {
        #expect(proxies.client(peer: "10.0.0.2", forwardedFor: ["198.51.100.1:53211"], forwarded: []) == "198.51.100.1")
        #expect(proxies.client(peer: "10.0.0.2", forwardedFor: ["[2001:db8::7]:443, 10.0.0.6:80"], forwarded: []) == "2001:db8::7")
        #expect(proxies.client(peer: "10.0.0.2", forwardedFor: ["2001:db8::7"], forwarded: []) == "2001:db8::7")
    }

    @Test("Forwarded: for= when there is no X-Forwarded-For, with quotes, brackets and ports")
    func forwardedHeader() {
        #expect(proxies.client(peer: "::1", forwardedFor: [], forwarded: ["for=198.51.100.4;proto=https, for=10.0.0.1"]) == "198.51.100.4")
        #expect(proxies.client(peer: "::1", forwardedFor: [], forwarded: ["For=\"[2001:db8::7]:4711\""]) == "2001:db8::7")
        #expect(proxies.client(peer: "::1", forwardedFor: [], forwarded: ["for=198.51.100.4:8080"]) == "198.51.100.4")
    }

    @Test("no trusted proxies configured: always the peer")
    func noneConfigured() {
        #expect(TrustedProxies([]).client(peer: "10.0.0.2", forwardedFor: ["198.51.100.1"], forwarded: []) == "10.0.0.2")
    }
}

extension TrustedProxiesTests {
    @Test("empty list elements are skipped; a field of only commas falls back to Forwarded")
    func emptyElements() {
        #expect(proxies.client(peer: "10.0.0.2", forwardedFor: [",198.51.100.1,,", ", 10.0.0.6,"], forwarded: []) == "198.51.100.1")
        #expect(proxies.client(peer: "10.0.0.2", forwardedFor: [",,"], forwarded: ["for=198.51.100.4"]) == "198.51.100.4")
        #expect(proxies.client(peer: "10.0.0.2", forwardedFor: ["198.51.100.1, , 10.0.0.6"], forwarded: []) == "198.51.100.1")
    }

    @Test("a NUL inside an address, or 64 bytes and more, is not an address")
    func notAddresses() {
        #expect(!proxies.contains("10.0.0.1\u{0}junk"))
        #expect(!proxies.contains(String(repeating: "0", count: 60) + "::1"))
        #expect(proxies.contains("0000:0000:0000:0000:0000:0000:0000:0001"))
    }

    /// Attack (issue 23 attack pass): `Forwarded` was parsed whole before the walk, 2.7 ms of
    /// every request with a 15 KB one. The lazy walk from the right visits the same values, in
    /// the same order, as the whole parse reversed.
    @Test("the lazy Forwarded walk visits what the whole parse gives, last first")
    func lazyForwardedWalk() {
        let samples: [[Substring]] = [
            ["for=198.51.100.4;proto=https, for=10.0.0.1"], ["For=\"[2001:db8::7]:4711\""], [",,for=a,,", "by=x;for=b;for=c, for=d"],
            ["", ","], ["proto=https"], ["for=1.1.1.1", "for=2.2.2.2, for=\"3.3.3.3:80\""],
        ]
        for fields in samples {
            var visited: [Substring] = []
            TrustedProxies.eachForwardedForFromRight(fields) { visited.append($0); return true }
            #expect(visited == TrustedProxies.forwardedFor(fields).reversed(), "\(fields)")
            var first: [Substring] = []
            TrustedProxies.eachForwardedForFromRight(fields) { first.append($0); return false }
            #expect(first == Array(TrustedProxies.forwardedFor(fields).suffix(1)))
        }
        let proxies = TrustedProxies(["10.0.0.0/8"])
        let long = String(repeating: "for=10.0.0.1, ", count: 1000) + "for=198.51.100.4"
        #expect(proxies.client(peer: "10.0.0.2", forwardedFor: [], forwarded: [Substring(long)]) == "198.51.100.4")
    }
}
