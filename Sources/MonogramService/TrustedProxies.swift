import Glibc

/// `server.trusted_proxies`: which TCP peers may tell us the client's address, and how to read
/// it from `X-Forwarded-For` or `Forwarded` (RFC 7239).
///
/// Pure: addresses in, address out. Every address is compared as 16 bytes, IPv4 as IPv4-mapped
/// IPv6, so `10.0.0.0/8` also matches `::ffff:10.1.2.3`.
public struct TrustedProxies: Sendable, Hashable {
    struct Range: Sendable, Hashable {
        let address: [UInt8]
        let prefix: Int

        func contains(_ candidate: [UInt8]) -> Bool {
            var bits = prefix
            for index in 0..<16 where bits > 0 {
                let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
                if candidate[index] & mask != address[index] & mask { return false }
                bits -= 8
            }
            return true
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
        guard let bytes = TrustedProxies.parse(address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// The client for the access log: the peer itself unless it is trusted; then, walking the
    /// `X-Forwarded-For` list (else `Forwarded: for=`) from the right, the first address that is
    /// not a trusted proxy. A hop that is not an IP address (`unknown`, an obfuscated name)
    /// stops the walk at the last address we could check.
    public func client(peer: String, forwardedFor: [Substring], forwarded: [Substring]) -> String {
        guard !ranges.isEmpty, contains(peer) else { return peer }
        var hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { TrustedProxies.trim($0) }
        if hops.isEmpty { hops = TrustedProxies.forwardedFor(forwarded) }
        var client = peer
        for hop in hops.reversed() {
            guard TrustedProxies.parse(hop) != nil else { return client }
            client = String(hop)
            if !contains(hop) { return client }
        }
        return client
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

    /// 16 bytes for an IPv4 or IPv6 literal, or nil.
    static func parse(_ text: some StringProtocol) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.count < 64 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        let string = String(text)
        if !string.contains(":") {
            var v4 = in_addr()
            guard inet_pton(AF_INET, string, &v4) == 1 else { return nil }
            bytes[10] = 0xFF
            bytes[11] = 0xFF
            withUnsafeBytes(of: &v4) { for index in 0..<4 { bytes[12 + index] = $0[index] } }
            return bytes
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, string, &v6) == 1 else { return nil }
        withUnsafeBytes(of: &v6) { for index in 0..<16 { bytes[index] = $0[index] } }
        return bytes
    }
}
