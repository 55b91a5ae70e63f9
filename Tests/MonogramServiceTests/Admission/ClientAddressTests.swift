import MonogramCore
@testable import MonogramService
import Testing

@Suite struct ClientAddressTests {
    @Test("IPv4 clients are keyed by the whole address")
    func v4() {
        #expect(ClientAddress.key("192.0.2.7", ipv6Prefix: 64) == ClientKey(high: 0, low: 0xFFFF_C000_0207))
        #expect(ClientAddress.key("192.0.2.7", ipv6Prefix: 64) != ClientAddress.key("192.0.2.8", ipv6Prefix: 64))
    }

    @Test("IPv4-mapped IPv6 is the same client as its IPv4 address, whatever the IPv6 prefix")
    func mapped() {
        for prefix in [1, 48, 64, 128] {
            #expect(ClientAddress.key("::ffff:192.0.2.7", ipv6Prefix: prefix) == ClientAddress.key("192.0.2.7", ipv6Prefix: prefix))
            #expect(ClientAddress.key("::ffff:192.0.2.7", ipv6Prefix: prefix) != ClientAddress.key("::ffff:192.0.2.8", ipv6Prefix: prefix))
        }
    }

    @Test("IPv6 clients in one /64 share a key; another /64 does not")
    func v6Prefix() {
        let a = ClientAddress.key("2001:db8:1:2::1", ipv6Prefix: 64)
        #expect(a == ClientAddress.key("2001:db8:1:2:ffff:ffff:ffff:ffff", ipv6Prefix: 64))
        #expect(a == ClientKey(high: 0x2001_0DB8_0001_0002, low: 0))
        #expect(a != ClientAddress.key("2001:db8:1:3::1", ipv6Prefix: 64))
    }

    @Test("other IPv6 prefixes cut at the configured bit", arguments: [
        (48, "2001:db8:1:2::1", "2001:db8:1:ffff::", true),
        (48, "2001:db8:1::1", "2001:db8:2::1", false),
        (56, "2001:db8:1:ff00::", "2001:db8:1:8000::", false),
        (56, "2001:db8:1:ff::", "2001:db8:1:1::", true),
        (128, "2001:db8::1", "2001:db8::2", false),
        (96, "2001:db8::1:0:1", "2001:db8::1:0:2", true),
        (96, "2001:db8::1:0:0:1", "2001:db8::2:0:0:1", false),
    ])
    func otherPrefixes(prefix: Int, first: String, second: String, same: Bool) {
        #expect((ClientAddress.key(first, ipv6Prefix: prefix) == ClientAddress.key(second, ipv6Prefix: prefix)) == same)
    }

    @Test("anything that is not an address shares one key", arguments: ["-", "", "unknown", "300.1.1.1", "::g", String(repeating: "1", count: 80)])
    func unparsable(text: String) {
        #expect(ClientAddress.key(text, ipv6Prefix: 64) == ClientAddress.unparsable)
    }

    @Test("limits.ipv4_prefix 24 makes a whole /24 one client; the mapped form too")
    func v4Prefix() {
        let a = ClientAddress.key("198.51.100.7", ipv4Prefix: 24, ipv6Prefix: 64)
        #expect(a == ClientAddress.key("198.51.100.250", ipv4Prefix: 24, ipv6Prefix: 64))
        #expect(a == ClientAddress.key("::ffff:198.51.100.9", ipv4Prefix: 24, ipv6Prefix: 64))
        #expect(a != ClientAddress.key("198.51.101.7", ipv4Prefix: 24, ipv6Prefix: 64))
        #expect(a == ClientKey(high: 0, low: 0xFFFF_C633_6400))
        #expect(ClientAddress.key("198.51.100.7", ipv6Prefix: 64) != ClientAddress.key("198.51.100.8", ipv6Prefix: 64), "default: the whole address")
    }
}
