/// Who a render budget belongs to: a client address as 128 bits (IPv4 as IPv4-mapped IPv6,
/// IPv6 already cut to its configured prefix). Two words rather than bytes, so hashing and
/// comparing a key touch no heap memory.
public struct ClientKey: Hashable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    public var description: String {
        String(high, radix: 16) + ":" + String(low, radix: 16)
    }
}
