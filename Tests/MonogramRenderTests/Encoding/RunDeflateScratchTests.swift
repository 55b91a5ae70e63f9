import Testing
@testable import MonogramRender

/// The per-thread memory RunDeflate reuses must never leak one image into the next: stale
/// positions of a larger earlier image, the moving base wrapping past 2³², token buffers grown
/// for a large image and cut back after it. Each stream is compared with the frozen encoder's.
@Suite("RunDeflate's reused scratch")
struct RunDeflateScratchTests {
    /// RGBA-like rows (filter byte, then pixels) whose pixels repeat their left neighbour's
    /// first `repeated` bytes and draw the rest from `alphabet` values: many short matches
    /// and literals, so many tokens and hash-table entries.
    static func rows(width: Int, height: Int, repeated: Int, alphabet: UInt64, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(state: seed)
        var bytes = [UInt8](repeating: 0, count: height * (1 + 4 * width))
        for y in 0..<height {
            for x in 0..<width {
                let at = y * (1 + 4 * width) + 1 + 4 * x
                for c in 0..<4 {
                    bytes[at + c] = c < repeated && x > 0 ? bytes[at + c - 4] : UInt8(truncatingIfNeeded: random.next() % alphabet)
                }
            }
        }
        return bytes
    }

    /// This thread's stream for the first `count` bytes of `rows` (all by default) equals the
    /// reference encoder's.
    static func matchesReference(_ rows: [UInt8], width: Int, count: Int? = nil, _ comment: Comment) {
        let stride = 1 + 4 * width, count = count ?? rows.count, capacity = count + count / 2 + 64
        var new = [UInt8](repeating: 0, count: capacity), old = new
        let sizes = rows.withUnsafeBufferPointer { rows in
            (new.withUnsafeMutableBufferPointer {
                RunDeflate.compress(rows.baseAddress!, count: count, stride: stride, pixelBytes: 4, into: $0.baseAddress!, capacity: capacity)
            }, old.withUnsafeMutableBufferPointer {
                ReferenceRunDeflate.compress(rows.baseAddress!, count: count, stride: stride, pixelBytes: 4, into: $0.baseAddress!, capacity: capacity)
            })
        }
        #expect(sizes.0 != nil, "\(comment): not compressed by runs, so the scratch was not exercised")
        #expect(sizes.0 == sizes.1, comment)
        if let size = sizes.0, sizes.0 == sizes.1 { #expect(new[0..<size] == old[0..<size], comment) }
    }

    @Test("a small image after a large one on the same thread ignores the large one's positions")
    func smallAfterLarge() {
        let large = RunDeflateScratchTests.rows(width: 600, height: 200, repeated: 3, alphabet: 7, seed: 1)
        RunDeflateScratchTests.matchesReference(large, width: 600, "large image")
        // Its first rows, in the same memory: a stale position from the large image would point
        // past the small one's end at bytes that match, and show as a different stream.
        RunDeflateScratchTests.matchesReference(large, width: 600, count: 5 * (1 + 4 * 600), "its first rows after it")
    }

    @Test("the position base wrapping past 2³² clears the table instead of matching stale positions")
    func baseWrapsAround() {
        let image = RunDeflateScratchTests.rows(width: 100, height: 40, repeated: 3, alphabet: 5, seed: 2)
        for headroom in [UInt32(0), 10, UInt32(image.count) - 1, UInt32(image.count), UInt32(image.count) + 1, 3 * UInt32(image.count)] {
            let scratch = DeflateScratch.take()
            scratch.setBase(UInt32.max - headroom)
            DeflateScratch.giveBack(scratch)
            RunDeflateScratchTests.matchesReference(image, width: 100, "base \(headroom) below the end")
            RunDeflateScratchTests.matchesReference(image, width: 100, "the next image after it")
        }
    }

    @Test("tokens beyond the kept buffer grow it for one image, and it is cut back afterwards")
    func tokenBufferGrowsAndShrinks() {
        // Three bytes repeated and one literal per pixel: about two tokens per four bytes.
        let image = RunDeflateScratchTests.rows(width: 4000, height: 40, repeated: 3, alphabet: 251, seed: 3)
        RunDeflateScratchTests.matchesReference(image, width: 4000, "160 000 pixels")
        let scratch = DeflateScratch.take()
        #expect(scratch.tokenCapacity <= DeflateScratch.keptTokens)
        DeflateScratch.giveBack(scratch)
        RunDeflateScratchTests.matchesReference(RunDeflateScratchTests.rows(width: 64, height: 64, repeated: 3, alphabet: 9, seed: 4), width: 64, "after it")
    }

    @Test("a nested call while the scratch is taken gets its own")
    func nestedTake() {
        let outer = DeflateScratch.take()
        let image = RunDeflateScratchTests.rows(width: 50, height: 50, repeated: 2, alphabet: 4, seed: 5)
        RunDeflateScratchTests.matchesReference(image, width: 50, "while another is out")
        let inner = DeflateScratch.take()
        #expect(inner !== outer)
        DeflateScratch.giveBack(inner)
        DeflateScratch.giveBack(outer)
    }

    @Test("Huffman codes equal the reference builder's for random, skewed and tiny alphabets")
    func huffmanMatchesReference() {
        var random = SplitMix64(state: 6)
        for trial in 0..<400 {
            let symbols = [1, 2, 19, 30, 286][trial % 5]
            let limit = symbols == 19 ? 7 : 15
            let used = Int(random.next() % UInt64(symbols + 1))
            var counts = [UInt32](repeating: 0, count: symbols)
            for _ in 0..<used {
                let scale: UInt64 = [3, 255, 257, 70_000, 1 << 31][Int(random.next() % 5)]
                counts[Int(random.next() % UInt64(symbols))] = UInt32(1 + random.next() % scale)
            }
            let new = HuffmanCode(counts: counts, limit: limit), old = ReferenceHuffmanCode(counts: counts, limit: limit)
            #expect(new.lengths == old.lengths, "trial \(trial): \(counts)")
            let codes = zip(new.codes, new.lengths).map { $1 == 0 ? 0 : $0 }, oldCodes = zip(old.codes, old.lengths).map { $1 == 0 ? 0 : $0 }
            #expect(codes == oldCodes, "trial \(trial)")
        }
    }
}
