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

    /// Index rows for the whole image at the end of `storage` (true); past 256 colours, RGBA
    /// rows from its start instead (false).
    private static func index(
        _ data: UnsafeRawPointer, width: Int, height: Int, stride: Int, into palette: inout PaletteBuilder,
        storage: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        let indices = storage + 3 * height * width
        // A sentinel unlike the first pixel, so the first pixel is always looked up.
        let first = data.load(as: UInt32.self)
        var lastPixel = ~first, lastIndex: UInt8 = 0
        var pixelPair: UInt64 = 0, indexOctet: UInt64 = 0
        // Anti-aliased colours recur: premultiplied pixel → index, cached in front of the
        // palette (which is keyed by the straight colour), so most changes skip the division.
        let cache = PixelCache(first, palette.index(of: PNGCodec.unpremultiply(first)).map(UInt32.init) ?? 0)
        for y in 0..<height {
            let row = data + y * stride, out = UnsafeMutableRawPointer(indices + y * (1 + width))
            out.storeBytes(of: 0, as: UInt8.self)
            var x = 0
            while x < width {
                let pixel = row.load(fromByteOffset: x &* 4, as: UInt32.self)
                if pixel != lastPixel {
                    let index: UInt8
                    if let cached = cache.value(for: pixel) {
                        index = UInt8(truncatingIfNeeded: cached)
                    } else if let found = palette.index(of: PNGCodec.unpremultiply(pixel)) {
                        index = found
                        cache.store(UInt32(found), for: pixel)
                    } else {
                        expand(indices, palette: palette.colours, width: width, height: height, rows: y, thenPixels: x, into: storage)
                        convert(data, width: width, height: height, stride: stride, from: (x, y), into: storage)
                        return false
                    }
                    lastPixel = pixel
                    lastIndex = index
                    pixelPair = UInt64(pixel) &* 0x1_0000_0001
                    indexOctet = UInt64(index) &* 0x0101_0101_0101_0101
                }
                out.storeBytes(of: lastIndex, toByteOffset: x &+ 1, as: UInt8.self)
                x &+= 1
                // Offsets, not pointer arithmetic: Swift checks every pointer `+` for overflow.
                while x &+ 8 <= width {
                    let at = x &* 4
                    let differs = (row.loadUnaligned(fromByteOffset: at, as: UInt64.self) ^ pixelPair)
                        | (row.loadUnaligned(fromByteOffset: at &+ 8, as: UInt64.self) ^ pixelPair)
                        | (row.loadUnaligned(fromByteOffset: at &+ 16, as: UInt64.self) ^ pixelPair)
                        | (row.loadUnaligned(fromByteOffset: at &+ 24, as: UInt64.self) ^ pixelPair)
                    if differs != 0 { break }
                    out.storeBytes(of: indexOctet, toByteOffset: x &+ 1, as: UInt64.self)
                    x &+= 8
                }
            }
        }
        return true
    }

    /// Straight RGBA rows from pixel `start` on (rows before it are already written; the
    /// filter byte of `start`'s row is written again).
    private static func convert(
        _ data: UnsafeRawPointer, width: Int, height: Int, stride: Int, from start: (x: Int, y: Int), into rgba: UnsafeMutablePointer<UInt8>
    ) {
        let first = data.load(fromByteOffset: start.y * stride + 4 * start.x, as: UInt32.self)
        var lastPixel = ~first, lastBytes: UInt32 = 0
        var pixelPair: UInt64 = 0, bytesPair: UInt64 = 0
        let cache = PixelCache(first, PNGCodec.unpremultiply(first).bigEndian)
        for y in start.y..<height {
            let row = data + y * stride, out = UnsafeMutableRawPointer(rgba + y * (1 + 4 * width))
            out.storeBytes(of: 0, as: UInt8.self)
            var x = y == start.y ? start.x : 0
            while x < width {
                let pixel = row.load(fromByteOffset: x &* 4, as: UInt32.self)
                if pixel != lastPixel {
                    lastPixel = pixel
                    if let cached = cache.value(for: pixel) {
                        lastBytes = cached
                    } else {
                        lastBytes = PNGCodec.unpremultiply(pixel).bigEndian // R, G, B, A in memory
                        cache.store(lastBytes, for: pixel)
                    }
                    pixelPair = UInt64(pixel) &* 0x1_0000_0001
                    bytesPair = UInt64(lastBytes) &* 0x1_0000_0001
                }
                out.storeBytes(of: lastBytes, toByteOffset: x &* 4 &+ 1, as: UInt32.self)
                x &+= 1
                while x &+ 4 <= width {
                    let at = x &* 4
                    let differs = (row.loadUnaligned(fromByteOffset: at, as: UInt64.self) ^ pixelPair)
                        | (row.loadUnaligned(fromByteOffset: at &+ 8, as: UInt64.self) ^ pixelPair)
                    if differs != 0 { break }
                    out.storeBytes(of: bytesPair, toByteOffset: at &+ 1, as: UInt64.self)
                    out.storeBytes(of: bytesPair, toByteOffset: at &+ 9, as: UInt64.self)
                    x &+= 4
                }
            }
        }
    }

    /// RGBA rows from index rows: the first `rows` rows whole, then `thenPixels` pixels of
    /// the next row (with its filter byte). In place when `indices` sit at the end of `rgba`'s
    /// memory: every store covers only bytes before the next index it reads (pixel k's RGBA
    /// ends at 4k + 5 + row, its successor's index is at 3 × pixels + k + 2 + row).
    private static func expand(
        _ indices: UnsafePointer<UInt8>, palette: UnsafeBufferPointer<UInt32>, width: Int, height: Int, rows: Int, thenPixels: Int,
        into rgba: UnsafeMutablePointer<UInt8>
    ) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { table in
            // Every byte value maps to something: indices beyond the palette cannot occur, and
            // cannot read outside the table either.
            for i in 0..<256 { table[i] = i < palette.count ? palette[i].bigEndian : 0 }
            for y in 0..<min(rows + 1, height) {
                let from = UnsafeRawPointer(indices + y * (1 + width) + 1), out = UnsafeMutableRawPointer(rgba + y * (1 + 4 * width))
                out.storeBytes(of: 0, as: UInt8.self)
                let end = y < rows ? width : thenPixels
                var x = 0
                while x < end {
                    let index = from.load(fromByteOffset: x, as: UInt8.self), bytes = table[Int(index)]
                    out.storeBytes(of: bytes, toByteOffset: x &* 4 &+ 1, as: UInt32.self)
                    x &+= 1
                    let octet = UInt64(index) &* 0x0101_0101_0101_0101, pair = UInt64(bytes) &* 0x1_0000_0001
                    while x &+ 8 <= end && from.loadUnaligned(fromByteOffset: x, as: UInt64.self) == octet {
                        let at = x &* 4 &+ 1
                        out.storeBytes(of: pair, toByteOffset: at, as: UInt64.self)
                        out.storeBytes(of: pair, toByteOffset: at &+ 8, as: UInt64.self)
                        out.storeBytes(of: pair, toByteOffset: at &+ 16, as: UInt64.self)
                        out.storeBytes(of: pair, toByteOffset: at &+ 24, as: UInt64.self)
                        x &+= 8
                    }
                }
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
            StraightPixels.expand(indices, palette: palette.colours, width: width, height: height, rows: height, thenPixels: 0, into: rgba)
        }
        expanded = rgba
        self.rgba = rgba
        return UnsafePointer(rgba)
    }
}

/// A small direct-mapped cache from premultiplied pixels to what they convert to, for the
/// colours an image repeats apart from runs (anti-aliased edges). Every slot starts holding
/// the first pixel's own value, so there is no empty state to tell apart. One per conversion.
private struct PixelCache: ~Copyable {
    private static let slots = 256
    private let entries = UnsafeMutablePointer<UInt64>.allocate(capacity: PixelCache.slots)

    init(_ pixel: UInt32, _ value: UInt32) {
        entries.initialize(repeating: UInt64(pixel) << 32 | UInt64(value), count: PixelCache.slots)
    }

    deinit { entries.deallocate() }

    @inline(__always)
    private static func slot(_ pixel: UInt32) -> Int { Int(truncatingIfNeeded: (pixel &* 0x9E37_79B1) &>> 24) }

    @inline(__always)
    func value(for pixel: UInt32) -> UInt32? {
        let entry = entries[PixelCache.slot(pixel)]
        return UInt32(truncatingIfNeeded: entry &>> 32) == pixel ? UInt32(truncatingIfNeeded: entry) : nil
    }

    @inline(__always)
    func store(_ value: UInt32, for pixel: UInt32) { entries[PixelCache.slot(pixel)] = UInt64(pixel) << 32 | UInt64(value) }
}
