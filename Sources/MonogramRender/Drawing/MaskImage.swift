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
        let stride = CairoSurface.PixelFormat.a8.stride(forWidth: image.width)
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
            // Only ever a source or a mask: nothing draws onto it, so the shared bytes stay immutable.
            let surface = try CairoSurface.borrowing(buffer.baseAddress!, .a8, width: width, height: height, stride: stride)
            return try body(surface)
        }
    }

    /// This mask resampled to `side × side` with cairo's GOOD filter (a proper box/bilinear
    /// filter when shrinking, so edges stay smooth instead of aliasing).
    func scaled(to side: Int) throws(RenderError) -> MaskImage {
        let target = try CairoSurface.image(.a8, width: side, height: side)
        try withSurface { (source) throws(RenderError) in
            let cairo = try CairoContext(drawingOn: target)
            cairo.scale(Double(side) / Double(width), Double(side) / Double(height))
            cairo.setSource(source)
            cairo.setOperatorSource()
            cairo.paint()
            try cairo.checkStatus()
        }
        let stride = target.stride
        let bytes = try target.withPixels { (data) throws(RenderError) in
            [UInt8](UnsafeRawBufferPointer(start: data, count: stride * side))
        }
        return MaskImage(width: side, height: side, stride: stride, bytes: bytes)
    }
}
