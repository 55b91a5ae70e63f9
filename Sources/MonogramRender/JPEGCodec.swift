public import MonogramCore
internal import CEncoders
internal import CPangoCairo

/// Baseline JPEG through libjpeg-turbo's TurboJPEG API (API §11): quality 90, chroma kept at full
/// resolution (4:4:4) for small images and halved (4:2:0) from `subsampledFromPixels` on.
/// JPEG has no alpha: the drawing is composited onto the opaque `matte` first, and the encoder
/// reads cairo's surface as it is (native-endian ARGB32, now opaque, so premultiplied equals
/// straight) with no RGBA copy.
package enum JPEGCodec {
    /// Quality 90 (API §11): letters' edges show no visible ringing at any size measured.
    static let quality: Int32 = 90

    /// Images of at least this many pixels (256 × 256: 128 px at dpr 2) are 4:2:0. Measured
    /// (`JPEGEncoderTests.chromaTable`, "JR" on three saturated colours, docs/rendering.md): 4:2:0
    /// doubles the error on the letters' pixels at every size (mean channel error 5.9 against 3.1
    /// at 64 px, 3.6 against 2.0 at 128 px), visibly softening coloured edges while the strokes
    /// are only a few pixels wide, and saves only 8–22 % of a 1–5 KB file there. From 256 px on
    /// its letter error (2.2, falling to 1.0 at 512 px) is no worse than 4:4:4's at the default
    /// 128 px, and it saves 26–31 %.
    package static let subsampledFromPixels = 256 * 256

    /// Whether an image of `pixels` pixels keeps full-resolution chroma.
    package static func fullChroma(pixels: Int) -> Bool { pixels < subsampledFromPixels }

    /// Paints `matte` behind everything drawn on `cairo`, so the image is opaque.
    static func paintMatte(_ matte: RGBA, on cairo: borrowing CairoContext) {
        cairo_save(cairo.pointer)
        cairo_reset_clip(cairo.pointer)
        cairo_set_operator(cairo.pointer, CAIRO_OPERATOR_DEST_OVER)
        cairo.setSource(RGBA(red: matte.red, green: matte.green, blue: matte.blue))
        cairo_paint(cairo.pointer)
        cairo_restore(cairo.pointer)
    }

    /// Encodes an opaque ARGB32 surface (the matte already painted behind the drawing).
    /// `fullChroma`: nil picks by size; the measurement test forces either.
    static func encode(_ surface: borrowing CairoSurface, fullChroma forced: Bool? = nil) throws(RenderError) -> [UInt8] {
        let (width, height, stride) = (surface.width, surface.height, surface.stride)
        let subsampling444: Int32 = (forced ?? fullChroma(pixels: width * height)) ? 1 : 0
        return try surface.withPixels { (data) throws(RenderError) in
            var output: UnsafeMutablePointer<UInt8>? = nil
            var size = 0
            var detail: Int32 = 0
            let status = monogram_jpeg_encode(
                data.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), stride, quality, subsampling444,
                &output, &size, &detail)
            return try EncoderOutput.take(status, output, size, codec: "JPEG encoding", detail: detail)
        }
    }

    /// Decodes a JPEG to RGBA (alpha 255) and its TurboJPEG subsampling (0 is 4:4:4, 2 is
    /// 4:2:0): tests and benchmarks check what we serve.
    package static func decode(_ bytes: [UInt8]) throws(RenderError) -> (image: RGBAImage, subsampling: Int) {
        var output: UnsafeMutablePointer<UInt8>? = nil
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = -1
        let status = bytes.withUnsafeBufferPointer {
            monogram_jpeg_decode($0.baseAddress, $0.count, Renderer.largestGroupPixels, &output, &width, &height, &subsampling)
        }
        let pixels = try EncoderOutput.take(status, output, Int(width) * Int(height) * 4, codec: "JPEG decoding", detail: 0)
        return (RGBAImage(width: Int(width), height: Int(height), pixels: pixels), Int(subsampling))
    }

    /// TurboJPEG's code for 4:4:4 and 4:2:0, as `decode` reports them.
    package static let subsampling444 = 0
    package static let subsampling420 = 2
}
