internal import CEncoders
internal import CTestCodecs
package import MonogramRender

extension WebPCodec {
    /// Decodes a WebP to straight RGBA (tests and benchmarks check what we serve).
    package static func decode(_ bytes: [UInt8]) throws(RenderError) -> RGBAImage {
        var output: UnsafeMutablePointer<UInt8>? = nil
        var width: Int32 = 0, height: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { monogram_webp_decode($0.baseAddress, $0.count, &output, &width, &height) }
        let pixels = try EncoderOutput.take(status, output, Int(width) * Int(height) * 4, codec: "WebP decoding", detail: 0)
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }
}
