/// Length-limited canonical Huffman codes for DEFLATE (RFC 1951 §3.2.2), built from symbol
/// counts: two-queue tree over the leaves sorted by (count, symbol), counts halved until no
/// code is longer than the limit. Built three times per image into caller-owned memory
/// (`HuffmanWork`), so no arrays, closures or tuple comparisons on the way.
struct HuffmanCode {
    /// Code length per symbol, 0 for unused symbols.
    private(set) var lengths: [UInt8]
    /// The code per symbol, bit-reversed: DEFLATE sends Huffman codes most significant bit first
    /// into a least-significant-bit-first stream.
    private(set) var codes: [UInt32]

    /// A code for `counts` (tests and one-off use; the encoder calls `build` on reused memory).
    init(counts: [UInt32], limit: Int) {
        let work = HuffmanWork(symbols: counts.count)
        var lengths = [UInt8](repeating: 0, count: counts.count)
        var codes = [UInt16](repeating: 0, count: counts.count)
        _ = counts.withUnsafeBufferPointer { counts in
            lengths.withUnsafeMutableBufferPointer { lengths in
                codes.withUnsafeMutableBufferPointer { codes in
                    HuffmanCode.build(counts: counts, limit: limit, lengths: lengths, codes: codes, work: work)
                }
            }
        }
        self.lengths = lengths
        self.codes = codes.map { UInt32($0) }
    }

    /// Writes a code for `counts` with no length above `limit` (1…15) into `lengths` and
    /// `codes` (as long as `counts`; `work` for at least as many symbols) and returns its cost,
    /// the bits of all the counted symbols' codes. At least two symbols always get a code (the
    /// first unused ones are added if needed): zlib refuses incomplete code-length codes.
    /// Work is per used symbol, apart from clearing `lengths`.
    @discardableResult
    static func build(
        counts: UnsafeBufferPointer<UInt32>, limit: Int,
        lengths: UnsafeMutableBufferPointer<UInt8>, codes: UnsafeMutableBufferPointer<UInt16>, work: borrowing HuffmanWork
    ) -> Int {
        let symbols = min(counts.count, lengths.count, codes.count, work.symbols)
        guard symbols > 0, let lengthBase = lengths.baseAddress else { return 0 }
        lengthBase.update(repeating: 0, count: symbols)
        let used = work.used, weights = work.counts
        var n = 0
        for s in 0..<symbols where counts[s] > 0 {
            used[n] = UInt16(truncatingIfNeeded: s)
            weights[n] = counts[s]
            n += 1
        }
        if n < 2 {
            // The first unused symbols join with a count of 1, keeping the list in symbol order.
            var missing = 2 - n
            n = 0
            for s in 0..<symbols where counts[s] > 0 || missing > 0 {
                if counts[s] == 0 { missing -= 1 }
                used[n] = UInt16(truncatingIfNeeded: s)
                weights[n] = max(counts[s], 1)
                n += 1
            }
        }
        // Over the limit: flatten the counts and rebuild (converges: equal counts give a
        // balanced tree of depth ⌈log2 n⌉ ≤ limit for DEFLATE's alphabets).
        while treeDepths(used, weights, n, into: lengthBase, work: work) > limit {
            for i in 0..<n { weights[i] -= weights[i] / 2 } // halved rounding up: used symbols stay used
        }
        var cost = 0
        canonicalCodes(used, n, lengths: lengthBase, into: codes)
        for i in 0..<n {
            let s = Int(used[i])
            cost &+= Int(counts[s]) &* Int(lengthBase[s])
        }
        return cost
    }

    /// Canonical codes (RFC 1951 §3.2.2) for the `n` used symbols (in symbol order), each
    /// bit-reversed for the LSB-first stream; unused symbols' codes are left as they were
    /// (their length is 0, so they are never sent).
    private static func canonicalCodes(
        _ used: UnsafeMutablePointer<UInt16>, _ n: Int, lengths: UnsafeMutablePointer<UInt8>, into codes: UnsafeMutableBufferPointer<UInt16>
    ) {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 32) { table in
            guard let count = table.baseAddress else { return }
            let next = count + 16
            count.update(repeating: 0, count: 16)
            for i in 0..<n { count[Int(lengths[Int(used[i])] & 15)] &+= 1 }
            count[0] = 0
            var code: UInt16 = 0
            for bits in 1..<16 {
                code = (code &+ count[bits - 1]) &<< 1
                next[bits] = code
            }
            for i in 0..<n {
                let s = Int(used[i]), length = Int(lengths[s] & 15)
                guard length > 0 else { continue }
                let value = next[length]
                next[length] = value &+ 1
                codes[s] = value.bitReversed &>> (16 - length)
            }
        }
    }
}
