internal import CEncoders
internal import CTestCodecs
package import MonogramRender

extension PNGWriter {
    /// Straight RGBA8 pixels of a PNG, exactly (no premultiplied detour like `PNGCodec.decode`),
    /// after CEncoders has checked the file more strictly than libpng: chunk CRCs and order,
    /// nothing after IEND, one zlib stream inflating to exactly the scanlines. For tests and the
    /// `png-writer` fuzz target, which check every byte this writer produces.
    package static func decodeStrictly(_ bytes: [UInt8], maxPixels: Int = 1 << 26) throws(RenderError) -> RGBAImage {
        var output: UnsafeMutablePointer<UInt8>? = nil
        var width: Int32 = 0, height: Int32 = 0, detail: Int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            monogram_png_decode_rgba($0.baseAddress, $0.count, maxPixels, &output, &width, &height, &detail)
        }
        let pixels = try EncoderOutput.take(status, output, Int(width) * Int(height) * 4, codec: "strict PNG decoding", detail: detail)
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }
}
