extension StraightPixels {
    /// Index rows for the whole image at the end of `storage` (true); past 256 colours, RGBA
    /// rows from its start instead (false).
    static func index(
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
    static func convert(
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
    static func expand(
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
}
