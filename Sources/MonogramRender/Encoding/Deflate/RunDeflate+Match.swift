extension RunDeflate {
    /// One length/distance pair as DEFLATE codes it (RFC 1951 §3.2.5): symbols and extra bits
    /// computed from the values' bit lengths instead of looked up in tables, packed in a token:
    /// bit 31 set, length symbol (0…28) at 24, its extra value at 19, distance symbol (0…29)
    /// at 14, its extra value at 0.
    struct Match {
        let token: UInt32

        /// `length` 3…258, `distance` 1…32768.
        init(length: Int, distance: Int) {
            token = 0x8000_0000 | Match.lengthPart(length) | Match.distancePart(distance)
        }

        init(token: UInt32) { self.token = token }

        /// The length's bits of a token (parse looks them up in `DeflateScratch.lengthParts`).
        static func lengthPart(_ length: Int) -> UInt32 {
            let (symbol, extra) = lengthCode(length)
            return symbol << 24 | extra << 19
        }

        /// The distance's bits of a token.
        @inline(__always)
        static func distancePart(_ distance: Int) -> UInt32 {
            let (symbol, extra) = distanceCode(distance)
            return symbol << 14 | extra
        }

        var lengthSymbol: Int { Int(token >> 24 & 0x1F) }
        var lengthExtra: UInt32 { token >> 19 & 0x1F }
        var distanceSymbol: Int { Int(token >> 14 & 0x1F) }
        var distanceExtra: UInt32 { token & 0x1FFF }

        /// Lengths 3–10 are symbols 0–7; then four symbols per extra bit; 258 has its own.
        @inline(__always)
        static func lengthCode(_ length: Int) -> (symbol: UInt32, extra: UInt32) {
            let v = UInt32(truncatingIfNeeded: length &- 3) & 0xFF
            if length >= 258 { return (28, 0) }
            if v < 8 { return (v, 0) }
            let bits = UInt32(31 - v.leadingZeroBitCount) - 2 // extra bits, 1…5
            return (4 * bits + 4 + (v >> bits & 3), v & ((1 << bits) - 1))
        }

        /// Distances 1–4 are symbols 0–3; then two symbols per extra bit.
        @inline(__always)
        static func distanceCode(_ distance: Int) -> (symbol: UInt32, extra: UInt32) {
            let v = UInt32(truncatingIfNeeded: distance &- 1) & 0x7FFF
            if v < 4 { return (v, 0) }
            let bits = UInt32(31 - v.leadingZeroBitCount) - 1 // extra bits, 1…13
            return (2 * bits + 2 + (v >> bits & 1), v & ((1 << bits) - 1))
        }

        @inline(__always)
        static func lengthExtraBits(_ symbol: Int) -> Int { symbol < 8 || symbol >= 28 ? 0 : (symbol - 4) >> 2 }

        @inline(__always)
        static func distanceExtraBits(_ symbol: Int) -> Int { symbol < 4 ? 0 : (symbol >> 1) - 1 }

        /// How many bytes from `p` equal those from `q` (`q < p`; overlapping is fine: DEFLATE
        /// copies byte by byte), at most `limit` (with `p + limit` inside the data). Sixteen
        /// bytes per step; the last few by one load that overlaps bytes already known equal.
        @inline(__always)
        static func length(_ raw: UnsafeRawPointer, _ p: Int, _ q: Int, _ limit: Int) -> Int {
            let a = raw + p, b = raw + q
            var n = 0
            while n &+ 16 <= limit {
                let x0 = a.loadUnaligned(fromByteOffset: n, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: n, as: UInt64.self)
                let x1 = a.loadUnaligned(fromByteOffset: n &+ 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: n &+ 8, as: UInt64.self)
                if x0 != 0 { return n &+ x0.littleEndian.trailingZeroBitCount &>> 3 }
                if x1 != 0 { return n &+ 8 &+ x1.littleEndian.trailingZeroBitCount &>> 3 }
                n &+= 16
            }
            return tail(a, b, n, limit)
        }

        /// `length(raw, p, p - step, limit)` for a run of the previous `step` bytes: those
        /// bytes repeated are compared against, one load per eight bytes when `step` divides 8.
        @inline(__always)
        static func run(_ raw: UnsafeRawPointer, _ p: Int, _ step: Int, _ limit: Int) -> Int {
            let pattern: UInt64
            switch step {
            case 4: pattern = UInt64(raw.loadUnaligned(fromByteOffset: p &- 4, as: UInt32.self)) &* 0x1_0000_0001
            case 1: pattern = UInt64(raw.load(fromByteOffset: p &- 1, as: UInt8.self)) &* 0x0101_0101_0101_0101
            default: return length(raw, p, p - step, limit)
            }
            let a = raw + p
            var n = 0
            while n &+ 16 <= limit {
                let x0 = a.loadUnaligned(fromByteOffset: n, as: UInt64.self) ^ pattern
                let x1 = a.loadUnaligned(fromByteOffset: n &+ 8, as: UInt64.self) ^ pattern
                if x0 != 0 { return n &+ x0.littleEndian.trailingZeroBitCount &>> 3 }
                if x1 != 0 { return n &+ 8 &+ x1.littleEndian.trailingZeroBitCount &>> 3 }
                n &+= 16
            }
            return tail(a, a - step, n, limit)
        }

        /// The rest of a compare from `n` (all before equal) up to `limit`, under 16 bytes.
        @inline(__always)
        private static func tail(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ start: Int, _ limit: Int) -> Int {
            var n = start
            if n + 8 <= limit {
                let x = a.loadUnaligned(fromByteOffset: n, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: n, as: UInt64.self)
                if x != 0 { return n + x.littleEndian.trailingZeroBitCount >> 3 }
                n += 8
            }
            if n < limit && limit >= 8 {
                // Overlaps up to 7 bytes already compared (equal), so its first difference is new.
                let x = a.loadUnaligned(fromByteOffset: limit - 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: limit - 8, as: UInt64.self)
                return x == 0 ? limit : limit - 8 + x.littleEndian.trailingZeroBitCount >> 3
            }
            while n < limit && a.load(fromByteOffset: n, as: UInt8.self) == b.load(fromByteOffset: n, as: UInt8.self) { n += 1 }
            return n
        }
    }
}
