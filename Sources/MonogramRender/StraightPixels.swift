/// A cairo ARGB32 surface (premultiplied, native-endian words) converted once for the encoders:
/// straight-alpha RGBA8 rows, or — while the image has at most 256 colours and indexing is
/// allowed — one palette index per pixel. Each row starts with one spare byte (0, PNG's
/// "no filter" tag), so the PNG writer deflates these rows in place and WebP/AVIF read them
/// from offset 1 with the same stride: no copy for any format.
struct StraightPixels: ~Copyable {
    let width: Int
    let height: Int
    /// `1 + 4 * width`: the filter byte, then RGBA.
    var rgbaStride: Int { 1 + 4 * width }
    /// `1 + width`: the filter byte, then one index per pixel.
    var indexStride: Int { 1 + width }
    /// RGBA rows; nil while the image is indexed (built only if the palette overflows).
    private(set) var rgba: UnsafeMutablePointer<UInt8>?
    /// Index rows; nil once the image has more than 256 colours (or indexing was not allowed).
    private(set) var indices: UnsafeMutablePointer<UInt8>?
    private(set) var palette: PaletteBuilder

    /// Converts `surface`. With `allowIndexed`, flat avatars (solid background, anti-aliased
    /// text: usually < 256 colours) cost one byte store per pixel; runs of one colour, most of
    /// an avatar, skip the conversion and the palette lookup.
    init(_ surface: borrowing CairoSurface, allowIndexed: Bool) throws(RenderError) {
        let width = surface.width, height = surface.height, stride = surface.stride
        self.width = width
        self.height = height
        guard width > 0, height > 0 else { throw RenderError(kind: .encoding, message: "empty image") }
        var palette = PaletteBuilder()
        let converted: (rgba: UnsafeMutablePointer<UInt8>?, indices: UnsafeMutablePointer<UInt8>?)
        converted = try surface.withPixels { (data) throws(RenderError) in
            if allowIndexed, let indices = StraightPixels.index(data, width: width, height: height, stride: stride, into: &palette) {
                return (nil, indices)
            }
            let rgba = UnsafeMutablePointer<UInt8>.allocate(capacity: height * (1 + 4 * width))
            StraightPixels.convert(data, width: width, height: height, stride: stride, into: rgba)
            return (rgba, nil)
        }
        (rgba, indices) = converted
        self.palette = palette
    }

    deinit {
        rgba?.deallocate()
        indices?.deallocate()
    }

    /// Index rows for the whole image, or nil (nothing allocated) once a 257th colour appears.
    private static func index(
        _ data: UnsafeRawPointer, width: Int, height: Int, stride: Int, into palette: inout PaletteBuilder
    ) -> UnsafeMutablePointer<UInt8>? {
        let indices = UnsafeMutablePointer<UInt8>.allocate(capacity: height * (1 + width))
        // A sentinel unlike the first pixel, so the first pixel is always looked up.
        var lastPixel = ~data.load(as: UInt32.self), lastIndex: UInt8 = 0
        for y in 0..<height {
            let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
            let out = indices + y * (1 + width)
            out[0] = 0
            for x in 0..<width {
                let pixel = row[x]
                if pixel != lastPixel {
                    lastPixel = pixel
                    guard let index = palette.index(of: PNGCodec.unpremultiply(pixel)) else {
                        indices.deallocate()
                        return nil
                    }
                    lastIndex = index
                }
                out[1 + x] = lastIndex
            }
        }
        return indices
    }

    private static func convert(_ data: UnsafeRawPointer, width: Int, height: Int, stride: Int, into rgba: UnsafeMutablePointer<UInt8>) {
        var lastPixel = ~data.load(as: UInt32.self), lastBytes: UInt32 = 0
        for y in 0..<height {
            let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
            let out = UnsafeMutableRawPointer(rgba + y * (1 + 4 * width))
            out.storeBytes(of: 0, as: UInt8.self)
            for x in 0..<width {
                let pixel = row[x]
                if pixel != lastPixel {
                    lastPixel = pixel
                    lastBytes = PNGCodec.unpremultiply(pixel).bigEndian // R, G, B, A in memory
                }
                out.storeBytes(of: lastBytes, toByteOffset: 1 + 4 * x, as: UInt32.self)
            }
        }
    }

    /// Straight RGBA rows, `rgbaStride` apart, each after its filter byte (the pointer is to the
    /// first row's filter byte), expanding the palette first if the image is indexed. Valid
    /// while `self` lives.
    mutating func rgbaRows() -> UnsafePointer<UInt8> {
        if let rgba { return UnsafePointer(rgba) }
        let rgba = UnsafeMutablePointer<UInt8>.allocate(capacity: height * rgbaStride)
        if let indices {
            for y in 0..<height {
                let from = indices + y * indexStride, to = UnsafeMutableRawPointer(rgba + y * rgbaStride)
                to.storeBytes(of: 0, as: UInt8.self)
                for x in 0..<width {
                    to.storeBytes(of: palette.colour(at: Int(from[1 + x])).bigEndian, toByteOffset: 1 + 4 * x, as: UInt32.self)
                }
            }
        }
        self.rgba = rgba
        return UnsafePointer(rgba)
    }
}
