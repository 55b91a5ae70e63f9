/// A zlib stream for avatar scanlines, made the way avatars repeat: every match is either a
/// run of the previous pixel (distance = bytes per pixel) or a stretch of the row above
/// (distance = row length), found by 16-byte compares, then one dynamic-Huffman block. A flat
/// avatar is a few hundred tokens, so this does a fraction of a general matcher's work
/// (hash chains over every byte) and, on the test corpus, compresses better than zlib level 1.
/// Where none of those match, the diagonals and the last position of the same four bytes are
/// tried too. Two steps: `plan` parses into tokens and builds the codes, so the exact output
/// size is known before anything is written (`Plan.write`); `compress` does both.
enum RunDeflate {
    /// Above one literal byte in this many, the image is not flat enough for runs to win
    /// (avatars with text, edges and emoji stay far below; the corpus test's photo-like
    /// pictures are above).
    static let literalShare = 3

    /// Compresses `count` bytes (rows `stride` bytes apart, `pixelBytes` per pixel) into `out`.
    /// Returns the bytes written, or nil — the caller then uses zlib — when `plan` refuses or
    /// the output would not fit in `capacity`.
    static func compress(
        _ data: UnsafePointer<UInt8>, count: Int, stride: Int, pixelBytes: Int,
        into out: UnsafeMutablePointer<UInt8>, capacity: Int
    ) -> Int? {
        guard let plan = plan(data, count: count, stride: stride, pixelBytes: pixelBytes) else { return nil }
        defer { DeflateScratch.giveBack(plan.scratch) }
        guard plan.size <= capacity else { return nil }
        return plan.write(into: out, capacity: capacity)
    }

    /// Parses and builds the codes, in this thread's scratch (give it back with
    /// `DeflateScratch.giveBack(plan.scratch)` once written). Nil when the image is not made of
    /// runs (more than one byte in `literalShare` left as a literal: photos, where a general
    /// matcher finds more; given up as soon as that is certain), or the geometry is outside
    /// DEFLATE's 32 KiB window (or over 2 GiB).
    static func plan(_ data: UnsafePointer<UInt8>, count: Int, stride: Int, pixelBytes: Int) -> Plan? {
        // Positions and bases are kept as UInt32, symbol counts as UInt32: past 2 GiB (far
        // beyond any render's pixel budget) zlib takes over rather than a conversion trapping.
        guard count > 0, count <= Int(Int32.max), stride + pixelBytes <= 32768, pixelBytes >= 1, 2 * pixelBytes < stride else { return nil }
        let scratch = DeflateScratch.take()
        guard let parsed = parse(data, count: count, stride: stride, pixelBytes: pixelBytes, scratch: scratch) else {
            DeflateScratch.giveBack(scratch)
            return nil
        }
        return Plan(data: data, count: count, tokenCount: parsed, scratch: scratch)
    }

    /// Tokens into `scratch.tokens` — a literal byte (< 256), or `Match.token` — with their
    /// symbols counted; returns how many, or nil past the literal share.
    private static func parse(
        _ data: UnsafePointer<UInt8>, count: Int, stride: Int, pixelBytes: Int, scratch: DeflateScratch
    ) -> Int? {
        let raw = UnsafeRawPointer(data), recent = scratch.recent, base = scratch.beginImage(count: count)
        let counts = scratch.literalCounts, lengthParts = scratch.lengthParts // distance counts from 286 on
        // The distances nearly every match has, coded once per image.
        let abovePart = Match.distancePart(stride), leftPart = Match.distancePart(pixelBytes)
        var literalsLeft = count / literalShare
        var tokens = scratch.tokens, capacity = scratch.tokenCapacity
        var n = 0, p = 0
        let hashShift = UInt32(32 - DeflateScratch.hashBits)
        while p < count {
            let limit = min(258, count &- p)
            var length = p >= stride ? Match.length(raw, p, p &- stride, limit) : 0
            var distance = stride
            // A run beats the row above only if it also matches the byte the row above missed.
            if length < limit && p >= pixelBytes && data[p &+ length] == data[p &+ length &- pixelBytes] {
                let run = Match.run(raw, p, pixelBytes, limit)
                if run > length { (length, distance) = (run, pixelBytes) }
            }
            // Neither: try the diagonals (anti-aliased slopes repeat one pixel over per row), then
            // the last place these four bytes started a token (a circle's lower half mirrors
            // its upper half row for row; edge colours recur). Only literal positions pay, and
            // a candidate is measured only if its first 3 (diagonals) or 4 (hash) bytes match:
            // a shorter one cannot change the token.
            if length < 4 && limit >= 4 {
                let word = raw.loadUnaligned(fromByteOffset: p, as: UInt32.self)
                if length < 3 && p >= stride &+ pixelBytes {
                    for k in 0..<2 {
                        let candidate = k == 0 ? stride &- pixelBytes : stride &+ pixelBytes
                        guard (word ^ raw.loadUnaligned(fromByteOffset: p &- candidate, as: UInt32.self)).littleEndian & 0x00FF_FFFF == 0 else { continue }
                        let diagonal = Match.length(raw, p, p &- candidate, limit)
                        if diagonal > length { (length, distance) = (diagonal, candidate) }
                    }
                }
                if length < 4 {
                    let slot = Int(truncatingIfNeeded: (word &* 0x9E37_79B1) >> hashShift)
                    let stored = recent[slot]
                    if stored >= base {
                        let q = Int(truncatingIfNeeded: stored &- base)
                        if p &- q <= 32768 && raw.loadUnaligned(fromByteOffset: q, as: UInt32.self) == word {
                            let run = Match.length(raw, p, q, limit)
                            if run > length { (length, distance) = (run, p &- q) }
                        }
                    }
                    recent[slot] = base &+ UInt32(truncatingIfNeeded: p)
                }
            } else if length < 3 && p >= stride &+ pixelBytes {
                // The last three bytes: no word to load.
                for k in 0..<2 {
                    let candidate = k == 0 ? stride &- pixelBytes : stride &+ pixelBytes
                    let diagonal = Match.length(raw, p, p &- candidate, limit)
                    if diagonal > length { (length, distance) = (diagonal, candidate) }
                }
            }
            if n == capacity {
                tokens = scratch.growTokens(used: n)
                capacity = scratch.tokenCapacity
            }
            if length >= 3 {
                let distancePart = distance == stride ? abovePart : distance == pixelBytes ? leftPart : Match.distancePart(distance)
                let token = 0x8000_0000 | lengthParts[length] | distancePart
                tokens[n] = token
                counts[257 &+ Int(token &>> 24 & 0x1F)] &+= 1
                counts[DeflateScratch.literalSymbols &+ Int(token &>> 14 & 0x1F)] &+= 1
                p &+= length
            } else {
                let byte = data[p]
                tokens[n] = UInt32(byte)
                counts[Int(byte)] &+= 1
                if literalsLeft == 0 { return nil }
                literalsLeft &-= 1
                p &+= 1
            }
            n &+= 1
        }
        return n
    }
}
