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
    /// The memory `rgba` and `indices` point into: RGBA-sized, index rows at its end, so an
    /// image whose palette overflows expands them in place, front to back — each RGBA pixel
    /// lands only on index bytes already read — and never holds both (its untouched pages
    /// cost an indexed image nothing).
    private let storage: UnsafeMutablePointer<UInt8>
    /// RGBA rows expanded on request from an indexed image (`rgbaRows`).
    private var expanded: UnsafeMutablePointer<UInt8>?

    /// Converts `surface` in one pass. With `allowIndexed`, flat avatars (solid background,
    /// anti-aliased text: usually < 256 colours) cost one byte store per pixel; once a 257th
    /// colour appears, the pixels indexed so far are expanded from the palette and the rest
    /// converted straight to RGBA, so no pixel is unpremultiplied twice. Runs of one colour,
    /// most of an avatar, skip the conversion and the lookup, several pixels per compare.
    init(_ surface: borrowing CairoSurface, allowIndexed: Bool) throws(RenderError) {
        let width = surface.width, height = surface.height, stride = surface.stride
        self.width = width
        self.height = height
        guard width > 0, height > 0, stride >= 4 * width else { throw RenderError(kind: .encoding, message: "empty image") }
        var palette = PaletteBuilder()
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: height * (1 + 4 * width))
        let indexed = try surface.withPixels { (data) in
            if allowIndexed { return StraightPixels.index(data, width: width, height: height, stride: stride, into: &palette, storage: storage) }
            StraightPixels.convert(data, width: width, height: height, stride: stride, from: (0, 0), into: storage)
            return false
        }
        self.storage = storage
        (rgba, indices) = indexed ? (nil, storage + 3 * height * width) : (storage, nil)
        self.palette = palette
    }

    deinit {
        storage.deallocate()
        expanded?.deallocate()
    }

    /// Straight RGBA rows, `rgbaStride` apart, each after its filter byte (the pointer is to the
    /// first row's filter byte), expanding the palette first if the image is indexed. Valid
    /// while `self` lives.
    mutating func rgbaRows() -> UnsafePointer<UInt8> {
        if let rgba { return UnsafePointer(rgba) }
        let rgba = UnsafeMutablePointer<UInt8>.allocate(capacity: height * rgbaStride)
        if let indices {
            StraightPixels.expand(indices, palette: palette.colours, width: width, height: height, rows: height, thenPixels: 0, into: rgba)
        }
        expanded = rgba
        self.rgba = rgba
        return UnsafePointer(rgba)
    }
}
