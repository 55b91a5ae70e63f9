public import MonogramCore
internal import CEncoders

/// AVIF through libavif with aom (the encoder Debian 12's libavif 0.11 has): 4:4:4 so coloured
/// letters keep sharp edges, one fixed quantizer for colour and alpha, a pinned speed so the
/// cost per pixel is known, and one thread (the render pool already uses every core).
package enum AVIFCodec {
    /// aom speed 8: at 128 px 0.5× the PNG's bytes, where speed 9 gives 0.9× for a quarter of
    /// the time and 10 is up to 1.9× the PNG; the default (6) takes 5–10× longer for ~5 %.
    /// From 128 × 128 pixels speed 9 with quantizer 40 for colour and alpha: half the
    /// instructions (a 128 px miss: circle 56.5 M → 21.7 M, square 21.4 M → 11.5 M), about the
    /// same bytes (2,120 and 684 against 1,955 and 791), mean difference ≈ 1.3–2.7 (issue 26,
    /// docs/benchmarks.md).
    static func speed(pixels: Int) -> Int32 { pixels >= 128 * 128 ? 9 : 8 }
    /// Quantizer 20 of 63 for colour and alpha: mean channel difference to the PNG ≈ 0.5 on
    /// avatars (the limit is 6), letters crisp; 0 would be lossless and larger than the PNG.
    /// From 32 × 32 to below 64 × 64 pixels the PNG is only ~350–900 bytes and AVIF's ~300-byte
    /// container a large part of the file, so the colour quantizer rises to 40 (mean difference
    /// ≈ 2.5–4) to stay within 1.2× the PNG. Below 32 × 32 the container dominates whatever the
    /// quantizer (the file stays ~1.5× the PNG, documented), so quality comes first again.
    static func quantizer(pixels: Int) -> Int32 { pixels >= 128 * 128 || (32 * 32..<64 * 64).contains(pixels) ? 40 : 20 }
    static func alphaQuantizer(pixels: Int) -> Int32 { pixels >= 128 * 128 ? 40 : 20 }

    static func encode(_ pixels: inout StraightPixels) throws(RenderError) -> [UInt8] {
        let (width, height) = (pixels.width, pixels.height)
        guard width * height <= OutputFormat.largestAVIFPixels else {
            throw RenderError(kind: .invalidSpec, message: "AVIF is limited to \(OutputFormat.largestAVIFPixels) pixels")
        }
        let rgba = pixels.rgbaRows() + 1, stride = pixels.rgbaStride
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var detail: Int32 = 0
        let status = monogram_avif_encode(rgba, Int32(width), Int32(height), stride, quantizer(pixels: width * height), alphaQuantizer(pixels: width * height), speed(pixels: width * height), &output, &size, &detail)
        return try EncoderOutput.take(status, output, size, codec: "AVIF encoding", detail: detail)
    }

}
