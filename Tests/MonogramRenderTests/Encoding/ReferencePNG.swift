import CEncoders

/// The PNG pipeline of main 14a329a, frozen as the oracle the encoder is compared against:
/// its straight conversion (an index pass over every pixel; past 256 colours, a second pass
/// converting every pixel again), sub-byte packing and chunk layout around
/// `ReferenceRunDeflate` (zlib level 1 when that declines). Plain loops, no reuse, no
/// cleverness: the new encoder must produce exactly these bytes. Also compiled into the
/// `png-writer` fuzz target (scripts/fuzz.sh), which compares the two on hostile pixels.
enum ReferencePNG {
    /// The PNG the old `PNGWriter.encode(StraightPixels(pixels, allowIndexed:))` wrote for
    /// premultiplied ARGB32 words `stride` bytes apart.
    static func encode(_ data: UnsafeRawPointer, width: Int, height: Int, stride: Int, allowIndexed: Bool) -> [UInt8]? {
        guard width > 0, height > 0 else { return nil }
        var palette: [UInt32] = [], slots: [UInt32: UInt8] = [:]
        var indices: [UInt8]? = allowIndexed ? [] : nil
        if allowIndexed {
            var rows = [UInt8]()
            rows.reserveCapacity(height * (1 + width))
            indexing: for y in 0..<height {
                rows.append(0)
                for x in 0..<width {
                    let colour = unpremultiply(data.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self))
                    if let index = slots[colour] {
                        rows.append(index)
                    } else if palette.count < 256 {
                        slots[colour] = UInt8(palette.count)
                        rows.append(UInt8(palette.count))
                        palette.append(colour)
                    } else {
                        indices = nil
                        break indexing
                    }
                }
            }
            if indices != nil { indices = rows }
        }
        guard let indices else {
            var rgba = [UInt8]()
            rgba.reserveCapacity(height * (1 + 4 * width))
            for y in 0..<height {
                rgba.append(0)
                for x in 0..<width {
                    let c = unpremultiply(data.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self))
                    rgba += [UInt8(c >> 24), UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
                }
            }
            return write(rgba, stride: 1 + 4 * width, pixelBytes: 4, width: width, height: height, depth: 8, palette: nil)
        }
        let count = palette.count
        let depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
        if depth == 8 { return write(indices, stride: 1 + width, pixelBytes: 1, width: width, height: height, depth: 8, palette: palette) }
        let rowBytes = (width * depth + 7) / 8, perByte = 8 / depth
        var packed = [UInt8](repeating: 0, count: height * (1 + rowBytes))
        for y in 0..<height {
            for x in 0..<width {
                packed[y * (1 + rowBytes) + 1 + x / perByte] |= indices[y * (1 + width) + 1 + x] << UInt8(8 - depth - (x % perByte) * depth)
            }
        }
        return write(packed, stride: 1 + rowBytes, pixelBytes: 1, width: width, height: height, depth: depth, palette: palette)
    }

    /// The old `PNGCodec.unpremultiply`, copied so the oracle stays frozen.
    static func unpremultiply(_ pixel: UInt32) -> UInt32 {
        let a = pixel >> 24
        if a == 0 { return 0 }
        var r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        if a != 255 {
            r = (r * 255 + a / 2) / a
            g = (g * 255 + a / 2) / a
            b = (b * 255 + a / 2) / a
        }
        return r << 24 | g << 16 | b << 8 | a
    }

    private static func write(_ rows: [UInt8], stride: Int, pixelBytes: Int, width: Int, height: Int, depth: Int, palette: [UInt32]?) -> [UInt8]? {
        let bound = monogram_zlib_bound(rows.count)
        var idat = [UInt8](repeating: 0, count: bound)
        let compressed = rows.withUnsafeBufferPointer { rows in
            idat.withUnsafeMutableBufferPointer { out in
                ReferenceRunDeflate.compress(rows.baseAddress!, count: rows.count, stride: stride, pixelBytes: pixelBytes, into: out.baseAddress!, capacity: bound)
                    ?? monogram_zlib1_compress(rows.baseAddress, rows.count, out.baseAddress, bound)
            }
        }
        guard compressed > 0 else { return nil }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ body: [UInt8]) {
            png += bigEndian(UInt32(body.count))
            let typed = Array(type.utf8) + body
            png += typed
            png += bigEndian(typed.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) })
        }
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [UInt8(depth), palette == nil ? 6 : 3, 0, 0, 0])
        if let palette {
            chunk("PLTE", palette.flatMap { [UInt8($0 >> 24), UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF)] })
            let alphaCount = (palette.lastIndex { $0 & 0xFF != 0xFF } ?? -1) + 1
            if alphaCount > 0 { chunk("tRNS", palette[0..<alphaCount].map { UInt8($0 & 0xFF) }) }
        }
        chunk("IDAT", Array(idat[0..<compressed]))
        chunk("IEND", [])
        return png
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
