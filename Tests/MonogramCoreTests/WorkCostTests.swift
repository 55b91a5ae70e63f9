import MonogramCore
import Testing

/// The cost model (issue 21): tokens, peaks and answer sizes from what a request says.
@Suite struct WorkCostTests {
    @Test("tokens are CPU rounded up, at least one per 128² pixels: 128 px PNG 1, 129 px 2, 1024 px 64")
    func roundingUp() {
        #expect(CostModel.avatar(side: 128, masked: false, format: .png, picture: false).tokens == 1)
        #expect(CostModel.avatar(side: 129, masked: false, format: .png, picture: false).tokens == 2)
        // 0.12 ms + 1,048,576 px × 8 ns = 8.5 ms: 34.04 tokens of 0.25 ms by CPU, but API §8's
        // floor of one token per 128² pixels (64 tiles) is higher.
        let big = CostModel.avatar(side: 1024, masked: false, format: .png, picture: false)
        #expect(big.pixelTokens == 64)
        #expect(big.tokens == 64)
        #expect(big.cpuNanoseconds / CostTable.tokenNanoseconds == 34)
        // A picture costs its scaling and its noise's compression: 180 ns a pixel.
        #expect(CostModel.avatar(side: 1024, masked: false, format: .png, picture: true).tokens == 756)
        #expect(CostModel.avatar(side: 16, masked: false, format: .png, picture: false).tokens == 1)
        #expect(WorkCost.zero.tokens == 1)
        #expect(CostModel.json.tokens == 1)
    }

    @Test("each format is charged its own encode: AVIF more than WebP more than PNG more than SVG")
    func formats() {
        let cost = { (format: OutputFormat) in CostModel.avatar(side: 512, masked: false, format: format, picture: false) }
        #expect(cost(.avif).tokens > cost(.webp).tokens)
        #expect(cost(.webp).tokens > cost(.png).tokens)
        // PNG's CPU is above SVG's, but both are at API §8's floor of 16 tiles at 512 px.
        #expect(cost(.png).cpuNanoseconds > cost(.svg).cpuNanoseconds)
        #expect(cost(.png).tokens >= cost(.svg).tokens)
        #expect(cost(.svg).tokens == 16)
    }

    @Test("a group pays for every face drawn, and its peak is the row's surface")
    func group() {
        let one = CostModel.avatar(side: 256, masked: false, format: .png, picture: false)
        let row = CostModel.render(width: 256 * 4, height: 256, faceSide: 256, faces: 6, masked: false, format: .png)
        #expect(row.cpuNanoseconds == one.cpuNanoseconds + 5 * 256 * 256 * 8)
        #expect(row.peakBytes > one.peakBytes)
        #expect(row.peakBytes < 6 * one.peakBytes)
    }

    @Test("a picture makes the answer as large as noise and holds its scaled copy")
    func pictureOutput() {
        let initials = CostModel.avatar(side: 4096, masked: false, format: .png, picture: false)
        let picture = CostModel.avatar(side: 4096, masked: false, format: .png, picture: true)
        #expect(initials.outputBytes < 8 << 20)
        #expect(picture.outputBytes > 64 << 20)
        #expect(picture.peakBytes > initials.peakBytes + 4 * 4096 * 4096)
        // The memory figures of the README: 9 B per pixel, 15 for masks, +21 for WebP's encoder.
        let masked = CostModel.avatar(side: 1000, masked: true, format: .png, picture: false)
        #expect(masked.peakBytes - initials.outputBytes * 0 >= 15 * 1000 * 1000)
        let webp = CostModel.avatar(side: 1000, masked: false, format: .webp, picture: false)
        #expect(webp.peakBytes >= 30 * 1000 * 1000)
    }

    @Test("a 40 MP picture's decode costs over a thousand tokens; its file's bytes and a fetch add more")
    func pictureDecode() {
        // 40 MP × 8 ns + 40 KB × 15 ns = 320.6 ms: 1283 tokens (the measured decode: 305 ms).
        let decode = CostModel.picture(sourcePixels: 40_000_000, sourceBytes: 40_000, fetched: false, decodeBytes: 160_000_000)
        #expect(decode.tokens == 1283)
        #expect(decode.peakBytes == 160_000_000)
        let fetched = CostModel.picture(sourcePixels: 40_000_000, sourceBytes: 40_000, fetched: true, decodeBytes: 160_000_000)
        #expect(fetched.tokens == decode.tokens + 4)
        // Noise: 4 MP in 14 MB, measured 57 ns a pixel (240 ms); estimated 249 ms.
        let noisy = CostModel.picture(sourcePixels: 2048 * 2048, sourceBytes: 14_392_000, fetched: false, decodeBytes: 0)
        #expect(noisy.cpuNanoseconds >= 2048 * 2048 * 57)
        #expect(CostModel.picture(sourcePixels: 64 * 64, sourceBytes: 2000, fetched: true, decodeBytes: 0).tokens == 5)
        #expect(CostModel.picture(sourcePixels: Int.max, sourceBytes: Int.max, fetched: true, decodeBytes: 0).tokens > 0)
    }

    @Test("work done in turn adds CPU and output, keeps the larger peak")
    func then() {
        let a = WorkCost(cpuNanoseconds: 10, peakBytes: 100, outputBytes: 5)
        let b = WorkCost(cpuNanoseconds: 20, peakBytes: 50, outputBytes: 7)
        #expect(a.then(b) == WorkCost(cpuNanoseconds: 30, peakBytes: 100, outputBytes: 12))
        #expect(WorkCost(cpuNanoseconds: -5, peakBytes: -1, outputBytes: -1) == .zero)
    }

    @Test("huge dimensions do not trap")
    func overflow() {
        let cost = CostModel.render(width: Int.max / 2, height: Int.max, faceSide: Int.max, faces: Int.max, masked: true, format: .avif, pictures: Int.max)
        #expect(cost.peakBytes > 0)
        #expect(cost.tokens > 0)
    }
}
