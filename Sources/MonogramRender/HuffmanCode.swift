/// Length-limited canonical Huffman codes for DEFLATE (RFC 1951 §3.2.2), built from symbol
/// counts. Small alphabets (≤ 286 symbols) once per image, so clarity beats speed here.
struct HuffmanCode {
    /// Code length per symbol, 0 for unused symbols.
    private(set) var lengths: [UInt8]
    /// The code per symbol, bit-reversed: DEFLATE sends Huffman codes most significant bit first
    /// into a least-significant-bit-first stream.
    private(set) var codes: [UInt32]

    /// A code for `counts` with no length above `limit`. At least two symbols always get a code
    /// (a second, unused one is added if needed): zlib refuses incomplete code-length codes.
    init(counts: [UInt32], limit: Int) {
        var counts = counts
        var used = counts.filter { $0 > 0 }.count, symbol = 0
        while used < 2 && symbol < counts.count {
            if counts[symbol] == 0 {
                counts[symbol] = 1
                used += 1
            }
            symbol += 1
        }
        var lengths = HuffmanCode.lengths(counts)
        // Over the limit: flatten the counts and rebuild (converges: equal counts give a
        // balanced tree of depth ⌈log2 n⌉ ≤ limit for DEFLATE's alphabets).
        while (lengths.max() ?? 0) > limit {
            counts = counts.map { $0 - $0 / 2 } // halved rounding up, so used symbols stay used (no `+ 1` to overflow)
            lengths = HuffmanCode.lengths(counts)
        }
        self.lengths = lengths.map { UInt8($0) }
        codes = HuffmanCode.canonicalCodes(self.lengths)
    }

    /// Huffman tree depths by the two-queue method over leaves sorted by count.
    private static func lengths(_ counts: [UInt32]) -> [Int] {
        let leaves = counts.indices.filter { counts[$0] > 0 }.sorted { (counts[$0], $0) < (counts[$1], $1) }
        let n = leaves.count
        var result = [Int](repeating: 0, count: counts.count)
        if n == 1 { result[leaves[0]] = 1 }
        guard n >= 2 else { return result }
        var weight = [UInt64](repeating: 0, count: 2 * n - 1)
        var parent = [Int](repeating: 0, count: 2 * n - 1)
        for (i, symbol) in leaves.enumerated() { weight[i] = UInt64(counts[symbol]) }
        var nextLeaf = 0, nextInner = n, created = n
        func pick() -> Int {
            if nextLeaf < n && (nextInner >= created || weight[nextLeaf] <= weight[nextInner]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInner += 1
            return nextInner - 1
        }
        while created < 2 * n - 1 {
            let a = pick(), b = pick()
            weight[created] = weight[a] + weight[b]
            parent[a] = created
            parent[b] = created
            created += 1
        }
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        for (i, symbol) in leaves.enumerated() { result[symbol] = depth[i] }
        return result
    }

    private static func canonicalCodes(_ lengths: [UInt8]) -> [UInt32] {
        var countPerLength = [UInt32](repeating: 0, count: 16)
        for length in lengths where length > 0 { countPerLength[Int(length)] += 1 }
        var next = [UInt32](repeating: 0, count: 16)
        var code: UInt32 = 0
        for bits in 1..<16 {
            code = (code + countPerLength[bits - 1]) << 1
            next[bits] = code
        }
        var codes = [UInt32](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let value = next[Int(length)]
            next[Int(length)] += 1
            var reversed: UInt32 = 0
            for bit in 0..<Int(length) where value & (1 << bit) != 0 { reversed |= 1 << (Int(length) - 1 - bit) }
            codes[symbol] = reversed
        }
        return codes
    }
}
