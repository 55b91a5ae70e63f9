import Glibc

/// `server.trusted_proxies`: which TCP peers may tell us the client's address, and how to read
/// it from `X-Forwarded-For` or `Forwarded` (RFC 7239).
///
/// Pure: addresses in, address out. Every address is compared as 128 bits, IPv4 as IPv4-mapped
/// IPv6, so `10.0.0.0/8` also matches `::ffff:10.1.2.3`. The render budget asks on every
/// request that misses the cache, so the `X-Forwarded-For` walk and the parsing allocate
/// nothing: the text is copied to a stack buffer for `inet_pton`, the address is two words,
/// and hops are read from the right in place.
public struct TrustedProxies: Sendable, Hashable {
    /// An IPv4 or IPv6 address as 128 bits (IPv4 as `::ffff:a.b.c.d`).
    struct Address: Sendable, Hashable {
        let high: UInt64
        let low: UInt64
    }

    struct Range: Sendable, Hashable {
        let address: Address
        /// Leading bits that must match, 0…128 (IPv4 prefixes are counted past the 96 bits of
        /// the mapping).
        let prefix: Int

        func contains(_ candidate: Address) -> Bool {
            let highMask: UInt64 = prefix >= 64 ? .max : prefix <= 0 ? 0 : ~(UInt64.max >> UInt64(prefix))
            let lowMask: UInt64 = prefix <= 64 ? 0 : prefix >= 128 ? .max : ~(UInt64.max >> UInt64(prefix - 64))
            return (candidate.high ^ address.high) & highMask == 0 && (candidate.low ^ address.low) & lowMask == 0
        }
    }

    let ranges: [Range]

    /// From IPs and CIDRs (`10.0.0.0/8`, `::1`, `fd00::/8`); entries that do not parse are
    /// skipped (the configuration loader has already reported them).
    public init(_ entries: [String]) {
        ranges = entries.compactMap { entry in
            let parts = entry.split(separator: "/", maxSplits: 1)
            guard let first = parts.first, let address = TrustedProxies.parse(first) else { return nil }
            let isV4 = !first.contains(":")
            let width = isV4 ? 32 : 128
            let prefix = parts.count == 2 ? Int(parts[1]) : width
            guard let prefix, prefix >= 0, prefix <= width else { return nil }
            return Range(address: address, prefix: prefix + (isV4 ? 96 : 0))
        }
    }

    public var isEmpty: Bool { ranges.isEmpty }

    public func contains(_ address: some StringProtocol) -> Bool {
        guard let parsed = TrustedProxies.parse(address) else { return false }
        return contains(parsed)
    }

    func contains(_ address: Address) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client for the access log and the render budget:
    /// the peer itself unless it is trusted; then, walking the `X-Forwarded-For` list (else
    /// `Forwarded: for=`) from the right, the first address that is not a trusted proxy
    /// (`ip:port` and `[ipv6]:port`, as some proxies write them, count as their address).
    public func client(peer: String, forwardedFor: [Substring], forwarded: [Substring]) -> String {
        resolve(peer: peer, forwardedFor: forwardedFor, forwarded: forwarded).client
    }

    /// `client`, and the hop that was not an address when the walk met one before any untrusted
    /// address. The client is then the peer: the proxy did not say who it forwarded for, and
    /// the last trusted hop before the garbage (an inner proxy carrying many clients) must not
    /// be charged for it. The caller logs it (once), since it means a proxy is misconfigured.
    public func resolve(peer: String, forwardedFor: [Substring], forwarded: [Substring]) -> (client: String, unparsable: Substring?) {
        guard !ranges.isEmpty, contains(peer) else { return (peer, nil) }
        var client: Substring?
        var unparsable: Substring?
        let visit = { (hop: Substring) -> Bool in
            let host = TrustedProxies.host(of: hop)
            guard let address = TrustedProxies.parse(host) else {
                unparsable = hop
                return false
            }
            client = host
            return contains(address)
        }
        if !TrustedProxies.eachHopFromRight(forwardedFor, visit) {
            TrustedProxies.eachForwardedForFromRight(forwarded, visit)
        }
        if unparsable != nil { return (peer, unparsable) }
        // An IPv4 address (at most 15 bytes) is a small string: no allocation.
        return (client.map(String.init) ?? peer, nil)
    }

    /// The address part of a hop written with a port: `192.0.2.7:8080` → `192.0.2.7`,
    /// `[2001:db8::1]:443` → `2001:db8::1`; anything else as it is.
    static func host(of hop: Substring) -> Substring {
        let utf8 = hop.utf8
        if utf8.first == UInt8(ascii: "["), let close = utf8.firstIndex(of: UInt8(ascii: "]")) {
            return hop[utf8.index(after: utf8.startIndex)..<close]
        }
        if let colon = utf8.firstIndex(of: UInt8(ascii: ":")), utf8.lastIndex(of: UInt8(ascii: ":")) == colon,
           utf8.contains(UInt8(ascii: ".")) {
            return hop[..<colon]
        }
        return hop
    }

    /// Calls `visit` with each comma-separated element of `fields`, the last one first, trimmed
    /// (empty elements skipped, as `split` does), until it answers false. Whether there was any.
    static func eachHopFromRight(_ fields: [Substring], _ visit: (Substring) -> Bool) -> Bool {
        var any = false
        for field in fields.reversed() {
            var end = field.endIndex
            while end > field.startIndex {
                let comma = field.utf8[..<end].lastIndex(of: UInt8(ascii: ","))
                let start = comma.map { field.utf8.index(after: $0) } ?? field.startIndex
                let element = field[start..<end]
                end = comma ?? field.startIndex
                // Empty elements, blank ones too (RFC 9110 §5.6.1), are not hops.
                let hop = trim(element)
                guard !hop.isEmpty else { continue }
                any = true
                if !visit(hop) { return true }
            }
        }
        return any
    }

    /// Calls `visit` with each `for=` value of `fields` (those `forwardedFor` gives), the last
    /// one first, until it answers false. Lazy: elements left of where the walk stops are not
    /// parsed (a 15 KB `Forwarded` of 1,000 elements, parsed whole before a walk that stopped
    /// at the proxy's own element, cost 2.7 ms of every request from a trusted proxy).
    static func eachForwardedForFromRight(_ fields: [Substring], _ visit: (Substring) -> Bool) {
        for field in fields.reversed() {
            var end = field.endIndex
            while end > field.startIndex {
                let comma = field.utf8[..<end].lastIndex(of: UInt8(ascii: ","))
                let start = comma.map { field.utf8.index(after: $0) } ?? field.startIndex
                let element = field[start..<end]
                end = comma ?? field.startIndex
                for value in forwardedFor([element]).reversed() where !visit(value) { return }
            }
        }
    }

    /// The `for=` values of `Forwarded` elements in order, without quotes, brackets or ports.
    static func forwardedFor(_ fields: [Substring]) -> [Substring] {
        var result: [Substring] = []
        for element in fields.flatMap({ $0.split(separator: ",") }) {
            for pair in element.split(separator: ";") {
                let trimmed = trim(pair)
                guard trimmed.lowercased().hasPrefix("for=") else { continue }
                var value = trimmed.dropFirst(4)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
                if value.hasPrefix("["), let close = value.firstIndex(of: "]") {
                    value = value[value.index(after: value.startIndex)..<close]
                } else if value.filter({ $0 == ":" }).count == 1, let colon = value.firstIndex(of: ":") {
                    value = value[..<colon]
                }
                result.append(value)
            }
        }
        return result
    }

    static func trim(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return "" }
        return text[first...last]
    }

    /// The address of an IPv4 or IPv6 literal, or nil. The text is copied, NUL-terminated, into
    /// a stack buffer for `inet_pton` (a NUL inside it is refused, not cut at).
    static func parse(_ text: some StringProtocol) -> Address? {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count < 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> Address? in
            var length = 0
            var isV6 = false
            for byte in utf8 {
                guard byte != 0, length < 63 else { return nil }
                if byte == UInt8(ascii: ":") { isV6 = true }
                buffer[length] = CChar(bitPattern: byte)
                length += 1
            }
            buffer[length] = 0
            guard let text = buffer.baseAddress else { return nil }
            if !isV6 {
                var v4 = in_addr()
                guard inet_pton(AF_INET, text, &v4) == 1 else { return nil }
                return Address(high: 0, low: 0x0000_FFFF_0000_0000 | UInt64(UInt32(bigEndian: v4.s_addr)))
            }
            var v6 = in6_addr()
            guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
            return withUnsafeBytes(of: &v6) { bytes in
                var high: UInt64 = 0
                var low: UInt64 = 0
                for index in 0..<8 { high = high << 8 | UInt64(bytes[index]) }
                for index in 8..<16 { low = low << 8 | UInt64(bytes[index]) }
                return Address(high: high, low: low)
            }
        }
    }
}
