internal import CEncoders

/// Lossless WebP: the same pixels as the PNG (exact RGB under transparency too), usually half
/// its bytes or less.
package enum WebPCodec {
    /// libwebp's lossless preset. 1 is the fastest that stays below the PNG on every avatar of
    /// the test corpus (0 is up to 1.3× the PNG on flat squares; 2…9 cost 2–200× the time for
    /// ≤ 10 % fewer bytes). Measured in docs/benchmarks.md.
    static let losslessLevel: Int32 = 1

    static func encode(_ pixels: inout StraightPixels) throws(RenderError) -> [UInt8] {
        let (width, height) = (pixels.width, pixels.height)
        let rgba = pixels.rgbaRows() + 1, stride = pixels.rgbaStride
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var detail: Int32 = 0
        let status = monogram_webp_encode(rgba, Int32(width), Int32(height), stride, losslessLevel, 1, &output, &size, &detail)
        return try EncoderOutput.take(status, output, size, codec: "WebP encoding", detail: detail)
    }

}
