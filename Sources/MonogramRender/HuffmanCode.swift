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
        counts.withUnsafeBufferPointer { counts in
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
    /// `codes` (as long as `counts`; `work` for at least as many symbols). At least two symbols
    /// always get a code (the first unused ones are added if needed): zlib refuses incomplete
    /// code-length codes.
    static func build(
        counts: UnsafeBufferPointer<UInt32>, limit: Int,
        lengths: UnsafeMutableBufferPointer<UInt8>, codes: UnsafeMutableBufferPointer<UInt16>, work: borrowing HuffmanWork
    ) {
        let symbols = min(counts.count, lengths.count, codes.count, work.symbols)
        let weights = work.counts
        var used = 0
        for s in 0..<symbols {
            weights[s] = counts[s]
            if counts[s] > 0 { used += 1 }
        }
        var s = 0
        while used < 2 && s < symbols {
            if weights[s] == 0 {
                weights[s] = 1
                used += 1
            }
            s += 1
        }
        // Over the limit: flatten the counts and rebuild (converges: equal counts give a
        // balanced tree of depth ⌈log2 n⌉ ≤ limit for DEFLATE's alphabets).
        while treeDepths(weights, symbols, into: lengths, work: work) > limit {
            for s in 0..<symbols { weights[s] -= weights[s] / 2 } // halved rounding up: used symbols stay used
        }
        canonicalCodes(lengths, symbols, into: codes)
    }

    /// Huffman tree depths by the two-queue method over leaves sorted by (count, symbol) into
    /// `lengths`; returns the deepest.
    private static func treeDepths(
        _ counts: UnsafeMutablePointer<UInt32>, _ symbols: Int, into lengths: UnsafeMutableBufferPointer<UInt8>, work: borrowing HuffmanWork
    ) -> Int {
        let keys = work.keys
        var n = 0
        for s in 0..<symbols {
            lengths[s] = 0
            if counts[s] > 0 {
                keys[n] = UInt64(counts[s]) << 16 | UInt64(s) // unique keys: any sort gives this order
                n += 1
            }
        }
        if n == 1 { lengths[Int(keys[0] & 0xFFFF)] = 1 }
        guard n >= 2 else { return n }
        sortKeys(keys, n, spare: work.spare)
        let weight = work.weights, parent = work.parents
        for i in 0..<n { weight[i] = keys[i] >> 16 }
        var nextLeaf = 0, nextInner = n, created = n
        while created < 2 * n - 1 {
            var pair = (0, 0)
            for k in 0..<2 {
                let pick: Int
                if nextLeaf < n && (nextInner >= created || weight[nextLeaf] <= weight[nextInner]) {
                    pick = nextLeaf
                    nextLeaf += 1
                } else {
                    pick = nextInner
                    nextInner += 1
                }
                if k == 0 { pair.0 = pick } else { pair.1 = pick }
            }
            weight[created] = weight[pair.0] &+ weight[pair.1]
            parent[pair.0] = UInt16(truncatingIfNeeded: created)
            parent[pair.1] = UInt16(truncatingIfNeeded: created)
            created += 1
        }
        // Depths top-down, in the spare weight slots of the inner nodes' parents' array.
        let depth = work.depths
        depth[2 * n - 2] = 0
        var deepest = 0
        for node in Swift.stride(from: 2 * n - 3, through: 0, by: -1) {
            let d = depth[Int(parent[node])] &+ 1
            depth[node] = d
            if node < n {
                lengths[Int(keys[node] & 0xFFFF)] = d
                deepest = max(deepest, Int(d))
            }
        }
        return deepest
    }

    /// Ascending order of `n` unique keys: insertion sort for the few-symbol alphabets,
    /// bottom-up merge sort (through `spare`) above that.
    private static func sortKeys(_ keys: UnsafeMutablePointer<UInt64>, _ n: Int, spare: UnsafeMutablePointer<UInt64>) {
        if n <= 24 {
            for i in 1..<n {
                let key = keys[i]
                var j = i
                while j > 0 && keys[j - 1] > key {
                    keys[j] = keys[j - 1]
                    j -= 1
                }
                keys[j] = key
            }
            return
        }
        var from = keys, to = spare, width = 1
        while width < n {
            var start = 0
            while start < n {
                let middle = min(start + width, n), end = min(start + 2 * width, n)
                var i = start, j = middle, k = start
                while i < middle && j < end {
                    if from[i] <= from[j] { to[k] = from[i]; i += 1 } else { to[k] = from[j]; j += 1 }
                    k += 1
                }
                while i < middle { to[k] = from[i]; i += 1; k += 1 }
                while j < end { to[k] = from[j]; j += 1; k += 1 }
                start = end
            }
            swap(&from, &to)
            width *= 2
        }
        if from != keys { keys.update(from: from, count: n) }
    }

    /// Canonical codes (RFC 1951 §3.2.2), each bit-reversed for the LSB-first stream.
    private static func canonicalCodes(_ lengths: UnsafeMutableBufferPointer<UInt8>, _ symbols: Int, into codes: UnsafeMutableBufferPointer<UInt16>) {
        var perLength = (UInt64(0), UInt64(0), UInt64(0), UInt64(0)) // 16 × 16-bit counters
        var next = perLength
        withUnsafeMutableBytes(of: &perLength) { raw in
            let count = raw.bindMemory(to: UInt16.self)
            for s in 0..<symbols { count[Int(lengths[s] & 15)] &+= 1 }
            count[0] = 0
            withUnsafeMutableBytes(of: &next) { raw in
                let next = raw.bindMemory(to: UInt16.self)
                var code: UInt16 = 0
                for bits in 1..<16 {
                    code = (code &+ count[bits - 1]) << 1
                    next[bits] = code
                }
                for s in 0..<symbols {
                    let length = Int(lengths[s] & 15)
                    guard length > 0 else {
                        codes[s] = 0
                        continue
                    }
                    let value = next[length]
                    next[length] = value &+ 1
                    codes[s] = value.bitReversed >> (16 - length)
                }
            }
        }
    }
}

/// Scratch memory for `HuffmanCode.build` over alphabets of up to `symbols` symbols, reused
/// across codes and images (one per `DeflateScratch`).
struct HuffmanWork: ~Copyable {
    let symbols: Int
    let counts: UnsafeMutablePointer<UInt32>
    let keys: UnsafeMutablePointer<UInt64>
    let spare: UnsafeMutablePointer<UInt64>
    let weights: UnsafeMutablePointer<UInt64>
    let parents: UnsafeMutablePointer<UInt16>
    let depths: UnsafeMutablePointer<UInt8>

    init(symbols: Int) {
        self.symbols = symbols
        counts = .allocate(capacity: max(symbols, 1))
        keys = .allocate(capacity: max(symbols, 1))
        spare = .allocate(capacity: max(symbols, 1))
        weights = .allocate(capacity: max(2 * symbols, 1))
        parents = .allocate(capacity: max(2 * symbols, 1))
        depths = .allocate(capacity: max(2 * symbols, 1))
    }

    deinit {
        counts.deallocate()
        keys.deallocate()
        spare.deallocate()
        weights.deallocate()
        parents.deallocate()
        depths.deallocate()
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
