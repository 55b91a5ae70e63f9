/// Scratch memory for `HuffmanCode.build` over alphabets of up to `symbols` symbols, reused
/// across codes and images (one per `DeflateScratch`). At most 32 768 symbols (tree nodes are
/// numbered in 16 bits; DEFLATE's largest alphabet has 286): `build` ignores symbols beyond.
struct HuffmanWork: ~Copyable {
    let symbols: Int
    let counts: UnsafeMutablePointer<UInt32>
    let keys: UnsafeMutablePointer<UInt64>
    let spare: UnsafeMutablePointer<UInt64>
    let weights: UnsafeMutablePointer<UInt64>
    let parents: UnsafeMutablePointer<UInt16>
    let depths: UnsafeMutablePointer<UInt8>
    let used: UnsafeMutablePointer<UInt16>
    let buckets: UnsafeMutablePointer<UInt32>

    init(symbols: Int) {
        let symbols = min(max(symbols, 0), 1 << 15)
        self.symbols = symbols
        counts = .allocate(capacity: max(symbols, 1))
        keys = .allocate(capacity: max(symbols, 1))
        spare = .allocate(capacity: max(symbols, 1))
        weights = .allocate(capacity: max(2 * symbols, 1))
        parents = .allocate(capacity: max(2 * symbols, 1))
        depths = .allocate(capacity: max(2 * symbols, 1))
        used = .allocate(capacity: max(symbols, 1))
        buckets = .allocate(capacity: 258)
    }

    deinit {
        counts.deallocate()
        keys.deallocate()
        spare.deallocate()
        weights.deallocate()
        parents.deallocate()
        depths.deallocate()
        used.deallocate()
        buckets.deallocate()
    }
}

extension UInt16 {
    /// The 16 bits in reverse order.
    var bitReversed: UInt16 {
        var x = self
        x = (x >> 1) & 0x5555 | (x & 0x5555) << 1
        x = (x >> 2) & 0x3333 | (x & 0x3333) << 2
        x = (x >> 4) & 0x0F0F | (x & 0x0F0F) << 4
        return x >> 8 | x << 8
    }
}
