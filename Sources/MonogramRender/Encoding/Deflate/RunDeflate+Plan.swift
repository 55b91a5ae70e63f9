internal import CEncoders

extension RunDeflate {
    /// A parsed image with its codes built: `size`, the exact length of the zlib stream, is
    /// known before `write` produces it, so the PNG is allocated once at its final size.
    struct Plan {
        let data: UnsafePointer<UInt8>
        let count: Int
        let tokenCount: Int
        let scratch: DeflateScratch
        let header: Header
        /// Bytes of the zlib stream: its 2-byte header, the block, the adler32.
        let size: Int

        init(data: UnsafePointer<UInt8>, count: Int, tokenCount: Int, scratch: DeflateScratch) {
            self.data = data
            self.count = count
            self.tokenCount = tokenCount
            self.scratch = scratch
            scratch.literalCounts[256] = 1 // end of block
            let literals = UnsafeMutableBufferPointer(start: scratch.literalLengths, count: DeflateScratch.literalSymbols)
            let literalBits = HuffmanCode.build(
                counts: UnsafeBufferPointer(start: scratch.literalCounts, count: DeflateScratch.literalSymbols), limit: 15,
                lengths: literals, codes: UnsafeMutableBufferPointer(start: scratch.literalCodes, count: DeflateScratch.literalSymbols),
                work: scratch.huffman)
            let distanceBits = HuffmanCode.build(
                counts: UnsafeBufferPointer(start: scratch.distanceCounts, count: DeflateScratch.distanceSymbols), limit: 15,
                lengths: UnsafeMutableBufferPointer(start: scratch.distanceLengths, count: DeflateScratch.distanceSymbols),
                codes: UnsafeMutableBufferPointer(start: scratch.distanceCodes, count: DeflateScratch.distanceSymbols),
                work: scratch.huffman)
            header = Header(scratch)
            var extraBits = 0
            for s in 0..<29 { extraBits &+= Int(scratch.literalCounts[257 + s]) &* Match.lengthExtraBits(s) }
            for s in 0..<DeflateScratch.distanceSymbols { extraBits &+= Int(scratch.distanceCounts[s]) &* Match.distanceExtraBits(s) }
            let bits = 16 + 3 + header.bits + literalBits + distanceBits + extraBits
            size = (bits + 7) / 8 + 4
        }

        /// Writes the stream into `out`; returns `size`, or nil if it did not fit `capacity`.
        func write(into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int? {
            var bits = BitWriter(out: out, capacity: capacity)
            bits.put(0x78, 8) // zlib: deflate, 32 KiB window
            bits.put(0x01, 8) // no dictionary, check bits
            bits.put(1, 1) // final block
            bits.put(2, 2) // dynamic Huffman codes
            header.write(scratch, to: &bits)
            let literalCodes = scratch.literalCodes, literalLengths = scratch.literalLengths, tokens = scratch.tokens
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { table in
                // Per length symbol (0…28) and distance symbol (32…61): the code in the low 16
                // bits, its length at 16, its length plus the extra bits at 24.
                guard let table = table.baseAddress else { return }
                for s in 0..<29 {
                    let length = UInt32(literalLengths[257 + s])
                    table[s] = UInt32(literalCodes[257 + s]) | length << 16 | (length + UInt32(Match.lengthExtraBits(s))) << 24
                }
                for d in 0..<DeflateScratch.distanceSymbols {
                    let length = UInt32(scratch.distanceLengths[d])
                    table[32 + d] = UInt32(scratch.distanceCodes[d]) | length << 16 | (length + UInt32(Match.distanceExtraBits(d))) << 24
                }
                for i in 0..<tokenCount {
                    let token = tokens[i]
                    if token < 0x8000_0000 {
                        let s = Int(token)
                        bits.putExact(UInt64(literalCodes[s]), Int(literalLengths[s]))
                        continue
                    }
                    let match = Match(token: token)
                    let l = table[match.lengthSymbol], d = table[32 &+ match.distanceSymbol]
                    bits.putExact(UInt64(l & 0xFFFF) | UInt64(match.lengthExtra) &<< (l &>> 16 & 0xFF), Int(l &>> 24))
                    bits.putExact(UInt64(d & 0xFFFF) | UInt64(match.distanceExtra) &<< (d &>> 16 & 0xFF), Int(d &>> 24))
                }
            }
            bits.putExact(UInt64(literalCodes[256]), Int(literalLengths[256]))
            bits.alignToByte()
            let adler = libdeflate_adler32(1, data, count)
            bits.put(UInt64(adler.byteSwapped), 32) // big-endian
            bits.finish()
            return bits.overflowed || bits.position != size ? nil : bits.position
        }
    }
}
