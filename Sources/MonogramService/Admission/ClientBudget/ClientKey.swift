/// Who a render budget belongs to: a client address as 128 bits (IPv4 as IPv4-mapped IPv6),
/// already cut to its configured prefix. Two words rather than bytes, so hashing and
/// comparing a key touch no heap memory.
public struct ClientKey: Hashable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// An IPv4 client (kept as IPv4-mapped IPv6, `::ffff:a.b.c.d`).
    public var isIPv4: Bool { high == 0 && low >> 32 == 0xFFFF }

    /// The key cut to its first `ipv4` bits (of the IPv4 address) or `ipv6` bits: the client's
    /// network, for the coarser budget that bounds rotating addresses inside one prefix. The
    /// all-ones key (what does not parse) stays itself.
    public func prefix(ipv4: Int, ipv6: Int) -> ClientKey {
        if high == .max, low == .max { return self }
        if isIPv4 {
            let bits = min(max(ipv4, 0), 32)
            let mask: UInt64 = bits == 0 ? 0 : ~(UInt64(UInt32.max) >> UInt64(bits)) & 0xFFFF_FFFF
            return ClientKey(high: 0, low: 0x0000_FFFF_0000_0000 | (low & mask))
        }
        let bits = min(max(ipv6, 0), 128)
        let highMask: UInt64 = bits >= 64 ? .max : bits == 0 ? 0 : ~(UInt64.max >> UInt64(bits))
        let lowMask: UInt64 = bits <= 64 ? 0 : bits == 128 ? .max : ~(UInt64.max >> UInt64(bits - 64))
        return ClientKey(high: high & highMask, low: low & lowMask)
    }

    /// A network key as the render pool's lane (`WorkerPool.submit(_:lane:)`): the two words
    /// folded together. An IPv4 network is never 0 (the mapped prefix); the all-ones key (what
    /// does not parse) is lane 0, with every request of no known client.
    public var lane: UInt64 { high ^ low }

    public var description: String {
        String(high, radix: 16) + ":" + String(low, radix: 16)
    }
}
