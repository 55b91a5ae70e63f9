internal import CEncoders
internal import CTestCodecs
package import MonogramRender

extension AVIFCodec {
    /// Decodes an AVIF to straight RGBA (tests and benchmarks check what we serve).
    package static func decode(_ bytes: [UInt8]) throws(RenderError) -> RGBAImage {
        var output: UnsafeMutablePointer<UInt8>? = nil
        var width: Int32 = 0, height: Int32 = 0, detail: Int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            monogram_avif_decode($0.baseAddress, $0.count, Renderer.largestGroupPixels, &output, &width, &height, &detail)
        }
        let pixels = try EncoderOutput.take(status, output, Int(width) * Int(height) * 4, codec: "AVIF decoding", detail: detail)
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }
}
