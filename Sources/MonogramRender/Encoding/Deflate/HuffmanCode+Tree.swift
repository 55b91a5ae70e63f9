extension HuffmanCode {
    /// Huffman tree depths by the two-queue method over the `n` leaves (`used` symbols with
    /// their `weights`) sorted by (weight, symbol), into `lengths`; returns the deepest.
    static func treeDepths(
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
    static func sortKeys(
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

    static func insertionSort(_ keys: UnsafeMutablePointer<UInt64>, _ n: Int) {
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
    static func mergeSort(_ keys: UnsafeMutablePointer<UInt64>, _ n: Int, spare: UnsafeMutablePointer<UInt64>) {
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
}
