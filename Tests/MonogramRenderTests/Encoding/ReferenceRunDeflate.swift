import CEncoders

// The RunDeflate and HuffmanCode of main 14a329a, frozen (types renamed, nothing else changed):
// the oracle the differential tests compare today's encoder against — same zlib stream
// byte for byte, so no PNG can have grown and no pixel changed.

/// A zlib stream for avatar scanlines, made the way avatars repeat: every match is either a
/// run of the previous pixel (distance = bytes per pixel) or a stretch of the row above
/// (distance = row length), found by 8-byte compares, then one dynamic-Huffman block. A flat
/// avatar is a few hundred tokens, so this does a fraction of a general matcher's work
/// (hash chains over every byte) and, on the test corpus, compresses better than zlib level 1.
/// Where none of those match, the last position of the same four bytes is tried too.
enum ReferenceRunDeflate {
    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// Length 3…258 → its length symbol index 0…28.
    private static let lengthSymbol: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 259)
        for length in 3...258 { table[length] = UInt8(lengthBase.lastIndex { $0 <= length }!) }
        return table
    }()
    /// Above one literal byte in this many, the image is not flat enough for runs to win
    /// (avatars with text, edges and emoji stay far below; the corpus test's photo-like
    /// pictures are above).
    static let literalShare = 3

    /// Distance 1…32768 → its distance symbol 0…29.
    private static let distanceSymbol: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 32769)
        var symbol = 0
        for distance in 1...32768 {
            while symbol + 1 < distanceBase.count && distanceBase[symbol + 1] <= distance { symbol += 1 }
            table[distance] = UInt8(symbol)
        }
        return table
    }()
    /// log2 of the recent-position table's size (16 KiB of Int32).
    private static let hashBits = 12

    /// Order in which the code-length code's lengths are sent (RFC 1951 §3.2.7).
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Compresses `count` bytes (rows `stride` bytes apart, `pixelBytes` per pixel) into `out`.
    /// Returns the bytes written, or nil — the caller then uses zlib — when the image is not
    /// made of runs (more than one byte in `literalShare` left as a literal: photos, where a
    /// general matcher finds more), the output would not fit in `capacity`, or the geometry is
    /// outside DEFLATE's 32 KiB window (or over 2 GiB).
    static func compress(
        _ data: UnsafePointer<UInt8>, count: Int, stride: Int, pixelBytes: Int,
        into out: UnsafeMutablePointer<UInt8>, capacity: Int
    ) -> Int? {
        var literalBytes = 0
        // Positions are kept as Int32 and symbol counts as UInt32: past 2 GiB (far beyond any
        // render's pixel budget) zlib takes over rather than a conversion trapping.
        guard count > 0, count <= Int(Int32.max), stride + pixelBytes <= 32768, pixelBytes >= 1, 2 * pixelBytes < stride, capacity >= 16 else { return nil }
        // Tokens: a literal byte (< 256), or 0x8000_0000 | length << 16 | distance.
        var recent = [Int32](repeating: -1, count: 1 << hashBits)
        var tokens: [UInt32] = []
        tokens.reserveCapacity(count / 16 + 64)
        var literalCounts = [UInt32](repeating: 0, count: 286), distanceCounts = [UInt32](repeating: 0, count: 30)
        let raw = UnsafeRawPointer(data)
        var p = 0
        while p < count {
            let limit = min(258, count - p)
            var length = p >= stride ? matchLength(raw, p, p - stride, limit) : 0
            var distance = stride
            if length < limit && p >= pixelBytes {
                let run = matchLength(raw, p, p - pixelBytes, limit)
                if run > length { (length, distance) = (run, pixelBytes) }
            }
            // Neither: try the diagonals (anti-aliased slopes repeat one pixel over per row), then
            // the last place these four bytes started a token (a circle's lower half mirrors
            // its upper half row for row; edge colours recur). Only literal positions pay.
            if length < 3 && p >= stride + pixelBytes {
                for candidate in [stride - pixelBytes, stride + pixelBytes] {
                    let run = matchLength(raw, p, p - candidate, limit)
                    if run > length { (length, distance) = (run, candidate) }
                }
            }
            var slot = -1
            if length < 4 && limit >= 4 {
                slot = Int((raw.loadUnaligned(fromByteOffset: p, as: UInt32.self) &* 0x9E37_79B1) >> (32 - hashBits))
                let q = Int(recent[slot])
                if q >= 0 && p - q <= 32768 {
                    let run = matchLength(raw, p, q, limit)
                    if run > length && run >= 4 { (length, distance) = (run, p - q) }
                }
            }
            if slot >= 0 { recent[slot] = Int32(p) }
            if length >= 3 {
                tokens.append(0x8000_0000 | UInt32(length) << 16 | UInt32(distance))
                literalCounts[257 + Int(lengthSymbol[length])] += 1
                distanceCounts[Int(distanceSymbol[distance])] += 1
                p += length
            } else {
                tokens.append(UInt32(data[p]))
                literalCounts[Int(data[p])] += 1
                literalBytes += 1
                p += 1
            }
        }
        if literalBytes * literalShare > count { return nil }
        literalCounts[256] = 1 // end of block
        let literals = ReferenceHuffmanCode(counts: literalCounts, limit: 15)
        let distances = ReferenceHuffmanCode(counts: distanceCounts, limit: 15)

        var bits = ReferenceBitWriter(out: out, capacity: capacity)
        bits.put(0x78, 8) // zlib: deflate, 32 KiB window
        bits.put(0x01, 8) // no dictionary, check bits
        bits.put(1, 1) // final block
        bits.put(2, 2) // dynamic Huffman codes
        writeCodeLengths(literals: literals, distances: distances, to: &bits)
        for token in tokens {
            if token & 0x8000_0000 == 0 {
                bits.put(literals.codes[Int(token)], Int(literals.lengths[Int(token)]))
                continue
            }
            let length = Int(token >> 16 & 0x1FF), distance = Int(token & 0xFFFF)
            let symbol = Int(lengthSymbol[length])
            bits.put(literals.codes[257 + symbol], Int(literals.lengths[257 + symbol]))
            bits.put(UInt32(length - lengthBase[symbol]), lengthExtra[symbol])
            let d = Int(distanceSymbol[distance])
            bits.put(distances.codes[d], Int(distances.lengths[d]))
            bits.put(UInt32(distance - distanceBase[d]), distanceExtra[d])
        }
        bits.put(literals.codes[256], Int(literals.lengths[256]))
        bits.alignToByte()
        let adler = libdeflate_adler32(1, data, count)
        bits.put(adler >> 24, 8)
        bits.put(adler >> 16 & 0xFF, 8)
        bits.put(adler >> 8 & 0xFF, 8)
        bits.put(adler & 0xFF, 8)
        return bits.overflowed ? nil : bits.position
    }

    /// How many bytes from `p` equal those from `q` (`q < p`; overlapping is fine: DEFLATE copies
    /// byte by byte), at most `limit`. Eight bytes per step while both stay inside the data.
    @inline(__always)
    private static func matchLength(_ raw: UnsafeRawPointer, _ p: Int, _ q: Int, _ limit: Int) -> Int {
        var length = 0
        while length + 8 <= limit {
            let a = raw.loadUnaligned(fromByteOffset: p + length, as: UInt64.self)
            let b = raw.loadUnaligned(fromByteOffset: q + length, as: UInt64.self)
            if a != b { return length + (a ^ b).littleEndian.trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit && raw.load(fromByteOffset: p + length, as: UInt8.self) == raw.load(fromByteOffset: q + length, as: UInt8.self) {
            length += 1
        }
        return length
    }

    /// HLIT, HDIST, HCLEN, the code-length code, then both codes' lengths run-length coded
    /// with symbols 16 (repeat previous 3–6×), 17 (3–10 zeros) and 18 (11–138 zeros).
    private static func writeCodeLengths(literals: ReferenceHuffmanCode, distances: ReferenceHuffmanCode, to bits: inout ReferenceBitWriter) {
        let literalCount = max(257, (literals.lengths.lastIndex { $0 != 0 } ?? 0) + 1)
        let distanceCount = max(1, (distances.lengths.lastIndex { $0 != 0 } ?? 0) + 1)
        let sequence = Array(literals.lengths[0..<literalCount]) + Array(distances.lengths[0..<distanceCount])
        var symbols: [(symbol: Int, extra: UInt32, extraBits: Int)] = []
        var i = 0
        while i < sequence.count {
            let value = sequence[i]
            var run = 1
            while i + run < sequence.count && sequence[i + run] == value { run += 1 }
            i += run
            if value == 0 {
                while run >= 11 {
                    let n = min(run, 138)
                    symbols.append((18, UInt32(n - 11), 7))
                    run -= n
                }
                if run >= 3 {
                    symbols.append((17, UInt32(run - 3), 3))
                    run = 0
                }
            } else {
                symbols.append((Int(value), 0, 0))
                run -= 1
                while run >= 3 {
                    let n = min(run, 6)
                    symbols.append((16, UInt32(n - 3), 2))
                    run -= n
                }
            }
            for _ in 0..<run { symbols.append((Int(value), 0, 0)) }
        }
        var counts = [UInt32](repeating: 0, count: 19)
        for entry in symbols { counts[entry.symbol] += 1 }
        let code = ReferenceHuffmanCode(counts: counts, limit: 7)
        let sent = max(4, (codeLengthOrder.lastIndex { code.lengths[$0] != 0 } ?? 0) + 1)
        bits.put(UInt32(literalCount - 257), 5)
        bits.put(UInt32(distanceCount - 1), 5)
        bits.put(UInt32(sent - 4), 4)
        for k in 0..<sent { bits.put(UInt32(code.lengths[codeLengthOrder[k]]), 3) }
        for entry in symbols {
            bits.put(code.codes[entry.symbol], Int(code.lengths[entry.symbol]))
            if entry.extraBits > 0 { bits.put(entry.extra, entry.extraBits) }
        }
    }
}

/// Least-significant-bit-first output (DEFLATE's bit order) into memory sized beforehand;
/// past the end it only records that it overflowed.
private struct ReferenceBitWriter {
    let out: UnsafeMutablePointer<UInt8>
    let capacity: Int
    private(set) var position = 0
    private(set) var overflowed = false
    private var accumulator: UInt64 = 0
    private var pending = 0

    init(out: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.out = out
        self.capacity = capacity
    }

    /// Appends the low `count` (0…32) bits of `value`.
    @inline(__always)
    mutating func put(_ value: UInt32, _ count: Int) {
        accumulator |= UInt64(value & UInt32(truncatingIfNeeded: (UInt64(1) << count) - 1)) << pending
        pending += count
        while pending >= 8 {
            if position < capacity { out[position] = UInt8(truncatingIfNeeded: accumulator) } else { overflowed = true }
            position += 1
            accumulator >>= 8
            pending -= 8
        }
    }

    mutating func alignToByte() {
        if pending > 0 { put(0, 8 - pending) }
    }
}

/// Length-limited canonical Huffman codes for DEFLATE (RFC 1951 §3.2.2), built from symbol
/// counts. Small alphabets (≤ 286 symbols) once per image, so clarity beats speed here.
struct ReferenceHuffmanCode {
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
        var lengths = ReferenceHuffmanCode.lengths(counts)
        // Over the limit: flatten the counts and rebuild (converges: equal counts give a
        // balanced tree of depth ⌈log2 n⌉ ≤ limit for DEFLATE's alphabets).
        while (lengths.max() ?? 0) > limit {
            counts = counts.map { $0 - $0 / 2 } // halved rounding up, so used symbols stay used (no `+ 1` to overflow)
            lengths = ReferenceHuffmanCode.lengths(counts)
        }
        self.lengths = lengths.map { UInt8($0) }
        codes = ReferenceHuffmanCode.canonicalCodes(self.lengths)
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
