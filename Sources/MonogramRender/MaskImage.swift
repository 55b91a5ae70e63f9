internal import CPangoCairo

/// An immutable 8-bit coverage image (cairo A8 layout: `stride` bytes per row), shareable
/// across threads because nothing writes to `bytes` after init.
final class MaskImage: Sendable {
    let width: Int
    let height: Int
    let stride: Int
    let bytes: [UInt8]

    init(width: Int, height: Int, stride: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
    }

    /// Builds a mask from straight RGBA8 pixels: the alpha channel is the coverage.
    convenience init(alphaOf image: RGBAImage) {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(image.width)))
        var bytes = [UInt8](repeating: 0, count: stride * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                bytes[y * stride + x] = image.pixels[(y * image.width + x) * 4 + 3]
            }
        }
        self.init(width: image.width, height: image.height, stride: stride, bytes: bytes)
    }

    /// Lends the bytes as a cairo A8 surface for the duration of `body`.
    func withSurface<R>(_ body: (borrowing CairoSurface) throws(RenderError) -> R) throws(RenderError) -> R {
        try bytes.withUnsafeBufferPointer { (buffer) throws(RenderError) -> R in
            // cairo wants a mutable pointer but only reads a surface used as a source or mask;
            // nothing here draws onto it, so the shared bytes stay immutable.
            let data = UnsafeMutablePointer(mutating: buffer.baseAddress!)
            let surface = try CairoSurface(
                taking: cairo_image_surface_create_for_data(
                    data, CAIRO_FORMAT_A8, Int32(width), Int32(height), Int32(stride)))
            return try body(surface)
        }
    }

    /// This mask resampled to `side × side` with cairo's GOOD filter (a proper box/bilinear
    /// filter when shrinking, so edges stay smooth instead of aliasing).
    func scaled(to side: Int) throws(RenderError) -> MaskImage {
        let target = try CairoSurface.image(CAIRO_FORMAT_A8, width: side, height: side)
        try withSurface { (source) throws(RenderError) in
            let cairo = try CairoContext(drawingOn: target)
            cairo_scale(cairo.pointer, Double(side) / Double(width), Double(side) / Double(height))
            cairo_set_source_surface(cairo.pointer, source.pointer, 0, 0)
            let pattern = cairo_get_source(cairo.pointer)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            // PAD keeps edge pixels from blending with the transparent outside.
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_operator(cairo.pointer, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cairo.pointer)
            try cairo.checkStatus()
        }
        let stride = target.stride
        let bytes = try target.withPixels { (data) throws(RenderError) in
            [UInt8](UnsafeRawBufferPointer(start: data, count: stride * side))
        }
        return MaskImage(width: side, height: side, stride: stride, bytes: bytes)
    }
}
