import Glibc
import MonogramCore

/// A client address (the TCP peer, or the client a trusted proxy forwarded for) as the key of
/// its render budget and connection count. IPv4, and IPv4-mapped IPv6 (`::ffff:192.0.2.7`,
/// what a dual-stack socket reports), key by its first `ipv4Prefix` bits (the whole address by
/// default; 24 groups a /24 an abuser rotates through); other IPv6 by its first `ipv6Prefix`
/// bits, because one subscriber is handed a whole /64 or more and would otherwise be 2⁶⁴ clients.
///
/// Parses with the C library's `inet_pton` on the string's own bytes: no allocation for the
/// peer strings the server hands over.
enum ClientAddress {
    /// Every address that does not parse shares one key: they are not budget-free.
    static let unparsable = ClientKey(high: .max, low: .max)

    static func key(_ address: String, ipv4Prefix: Int = 32, ipv6Prefix: Int) -> ClientKey {
        guard !address.isEmpty, address.utf8.count < 64 else { return unparsable }
        let parsed: ClientKey? = address.utf8.contains(UInt8(ascii: ":"))
            ? address.withCString { v6($0, prefix: ipv6Prefix) }
            : address.withCString { v4($0) }
        return parsed?.prefix(ipv4: ipv4Prefix, ipv6: ipv6Prefix) ?? unparsable
    }

    private static func v4(_ text: UnsafePointer<CChar>) -> ClientKey? {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return mapped(UInt32(bigEndian: address.s_addr))
    }

    /// `::ffff:a.b.c.d` is the IPv4 client a.b.c.d: the IPv6 prefix must not merge all of IPv4.
    private static func mapped(_ v4: UInt32) -> ClientKey {
        ClientKey(high: 0, low: 0x0000_FFFF_0000_0000 | UInt64(v4))
    }

    private static func v6(_ text: UnsafePointer<CChar>, prefix: Int) -> ClientKey? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        withUnsafeBytes(of: &address) { bytes in
            for index in 0..<8 { high = high << 8 | UInt64(bytes[index]) }
            for index in 8..<16 { low = low << 8 | UInt64(bytes[index]) }
        }
        if high == 0, low >> 32 == 0xFFFF { return mapped(UInt32(truncatingIfNeeded: low)) }
        let bits = min(max(prefix, 0), 128)
        let highMask: UInt64 = bits >= 64 ? .max : bits == 0 ? 0 : ~(UInt64.max >> UInt64(bits))
        let lowMask: UInt64 = bits <= 64 ? 0 : bits == 128 ? .max : ~(UInt64.max >> UInt64(bits - 64))
        return ClientKey(high: high & highMask, low: low & lowMask)
    }
}
