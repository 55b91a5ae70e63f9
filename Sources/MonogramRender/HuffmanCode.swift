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

    /// Huffman tree depths by the two-queue method over the `n` leaves (`used` symbols with
    /// their `weights`) sorted by (weight, symbol), into `lengths`; returns the deepest.
    private static func treeDepths(
        _ used: UnsafeMutablePointer<UInt16>, _ weights: UnsafeMutablePointer<UInt32>, _ n: Int,
        into lengths: UnsafeMutablePointer<UInt8>, work: borrowing HuffmanWork
    ) -> Int {
        if n == 1 { lengths[Int(used[0])] = 1 }
        guard n >= 2 else { return n }
        let keys = work.keys
        sortKeys(used, weights, n, into: keys, work: work)
        let weight = work.weights, parent = work.parents
        for i in 0..<n { weight[i] = keys[i] &>> 16 }
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
        // Depths top-down: every node's parent comes after it.
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

    /// Keys weight << 16 | symbol of the `n` leaves, ascending. The leaves come in symbol
    /// order, so a stable bucket sort by weight gives that order for weights under 256 (most
    /// symbols); the bucket of larger weights, and small alphabets, are sorted by comparison.
    private static func sortKeys(
        _ used: UnsafeMutablePointer<UInt16>, _ weights: UnsafeMutablePointer<UInt32>, _ n: Int,
        into keys: UnsafeMutablePointer<UInt64>, work: borrowing HuffmanWork
    ) {
        if n <= 24 {
            for i in 0..<n { keys[i] = UInt64(weights[i]) &<< 16 | UInt64(used[i]) }
            insertionSort(keys, n)
            return
        }
        let start = work.buckets // bucket b's first slot; 256 holds every weight ≥ 256
        start.update(repeating: 0, count: 258)
        for i in 0..<n { start[Int(min(weights[i], 256)) &+ 1] &+= 1 }
        for b in 1..<258 { start[b] &+= start[b - 1] }
        let large = Int(start[256])
        for i in 0..<n {
            let b = Int(min(weights[i], 256))
            keys[Int(start[b])] = UInt64(weights[i]) &<< 16 | UInt64(used[i])
            start[b] &+= 1
        }
        let tail = n - large
        if tail <= 24 { insertionSort(keys + large, tail) } else { mergeSort(keys + large, tail, spare: work.spare) }
    }

    private static func insertionSort(_ keys: UnsafeMutablePointer<UInt64>, _ n: Int) {
        guard n > 1 else { return }
        for i in 1..<n {
            let key = keys[i]
            var j = i
            while j > 0 && keys[j - 1] > key {
                keys[j] = keys[j - 1]
                j -= 1
            }
            keys[j] = key
        }
    }

    /// Bottom-up merge sort through `spare` (as long as `keys`).
    private static func mergeSort(_ keys: UnsafeMutablePointer<UInt64>, _ n: Int, spare: UnsafeMutablePointer<UInt64>) {
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
    let used: UnsafeMutablePointer<UInt16>
    let buckets: UnsafeMutablePointer<UInt32>

    init(symbols: Int) {
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
