extension RunDeflate {
    /// The dynamic block's header (RFC 1951 §3.2.7): HLIT, HDIST, HCLEN, the code-length
    /// code, then both codes' lengths run-length coded with symbols 16 (repeat previous
    /// 3–6×), 17 (3–10 zeros) and 18 (11–138 zeros). Built in the scratch's buffers; `bits`
    /// is its exact size.
    struct Header {
        /// Order in which the code-length code's lengths are sent.
        private static let order: (UInt64, UInt64, UInt64) = (0x0609_0708_0012_1110, 0x020D_030C_040B_050A, 0x0000_0000_000F_010E)
        let literalCount: Int
        let distanceCount: Int
        let runCount: Int
        let sent: Int
        let bits: Int

        init(_ scratch: DeflateScratch) {
            var literalCount = 257, distanceCount = 1
            for s in 257..<DeflateScratch.literalSymbols where scratch.literalLengths[s] != 0 { literalCount = s + 1 }
            for s in 0..<DeflateScratch.distanceSymbols where scratch.distanceLengths[s] != 0 { distanceCount = s + 1 }
            self.literalCount = literalCount
            self.distanceCount = distanceCount
            let sequence = scratch.sequence, total = literalCount + distanceCount
            sequence.update(from: scratch.literalLengths, count: literalCount)
            (sequence + literalCount).update(from: scratch.distanceLengths, count: distanceCount)
            let runs = scratch.headerRuns, counts = scratch.headerCounts
            counts.update(repeating: 0, count: DeflateScratch.headerSymbols)
            var n = 0, extraBits = 0
            func append(_ symbol: Int, _ extra: Int = 0) {
                runs[n] = UInt16(truncatingIfNeeded: symbol | extra << 5)
                counts[symbol] &+= 1
                extraBits += Header.extraBits(symbol)
                n += 1
            }
            var i = 0
            while i < total {
                let value = sequence[i]
                var run = 1
                while i + run < total && sequence[i + run] == value { run += 1 }
                i += run
                if value == 0 {
                    while run >= 11 {
                        let k = min(run, 138)
                        append(18, k - 11)
                        run -= k
                    }
                    if run >= 3 {
                        append(17, run - 3)
                        run = 0
                    }
                } else {
                    append(Int(value))
                    run -= 1
                    while run >= 3 {
                        let k = min(run, 6)
                        append(16, k - 3)
                        run -= k
                    }
                }
                for _ in 0..<run { append(Int(value)) }
            }
            runCount = n
            let codeBits = HuffmanCode.build(
                counts: UnsafeBufferPointer(start: counts, count: DeflateScratch.headerSymbols), limit: 7,
                lengths: UnsafeMutableBufferPointer(start: scratch.headerLengths, count: DeflateScratch.headerSymbols),
                codes: UnsafeMutableBufferPointer(start: scratch.headerCodes, count: DeflateScratch.headerSymbols),
                work: scratch.huffman)
            var sent = 4
            for k in 0..<DeflateScratch.headerSymbols where scratch.headerLengths[Header.symbol(at: k)] != 0 { sent = max(sent, k + 1) }
            self.sent = sent
            bits = 5 + 5 + 4 + 3 * sent + extraBits + codeBits
        }

        func write(_ scratch: DeflateScratch, to bits: inout BitWriter) {
            bits.put(UInt64(literalCount - 257), 5)
            bits.put(UInt64(distanceCount - 1), 5)
            bits.put(UInt64(sent - 4), 4)
            for k in 0..<sent { bits.put(UInt64(scratch.headerLengths[Header.symbol(at: k)]), 3) }
            for i in 0..<runCount {
                let entry = Int(scratch.headerRuns[i]), symbol = entry & 0x1F
                bits.put(UInt64(scratch.headerCodes[symbol]), Int(scratch.headerLengths[symbol]))
                let extra = Header.extraBits(symbol)
                if extra > 0 { bits.put(UInt64(entry >> 5), extra) }
            }
        }

        /// The `k`th symbol (0…18) in the order lengths are sent: 16 17 18 0 8 7 9 6 10 5 11
        /// 4 12 3 13 2 14 1 15, one byte each in `order`.
        private static func symbol(at k: Int) -> Int {
            let word = k < 8 ? order.0 : k < 16 ? order.1 : order.2
            return Int(truncatingIfNeeded: word >> UInt64(8 * (k & 7))) & 0x1F
        }

        private static func extraBits(_ symbol: Int) -> Int { symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0 }
    }
}
