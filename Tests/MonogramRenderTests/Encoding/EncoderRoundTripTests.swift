import Testing
@testable import MonogramRender

@Suite("Our PNG writer and lossless WebP round-trip exactly")
struct EncoderRoundTripTests {
    @Test("seeded structured images (runs, row repeats, palettes at depth boundaries, 32 KiB rows) decode to their exact pixels",
          arguments: 0..<4)
    func seededImages(_ batch: Int) {
        var random = SplitMix64(state: UInt64(batch))
        for index in 0..<75 {
            let count = 8 + Int(random.next() % 1500)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let image = StructuredImage(bytes: bytes, maxPixels: 1 << 15)
            if let failure = EncoderRoundTrip.failure(image) {
                Issue.record("batch \(batch) image \(index): \(failure)")
                return
            }
        }
    }

    @Test("Huffman codes stay within 15 bits and complete for Fibonacci-skewed counts")
    func huffmanLengthLimit() {
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for (alphabet, limit) in [(286, 15), (30, 15), (19, 7)] {
            var counts = [UInt32](repeating: 0, count: alphabet)
            for i in 0..<min(alphabet, fibonacci.count) { counts[i] = fibonacci[i] }
            let code = HuffmanCode(counts: counts, limit: limit)
            #expect(code.lengths.max().map(Int.init) ?? 0 <= limit)
            // Kraft: a complete prefix code sums to exactly 1 (zlib rejects over- and under-full).
            let kraft = code.lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (limit - Int($1))) }
            #expect(kraft == 1 << limit, "\(alphabet) symbols: Kraft sum \(kraft) of \(1 << limit)")
        }
    }
}
