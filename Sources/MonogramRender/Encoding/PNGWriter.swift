internal import CEncoders

/// Writes PNG files itself (signature, IHDR, PLTE/tRNS, one IDAT, IEND) around one
/// whole-buffer deflate: no per-row library calls and no setjmp. The pixels are exactly those
/// libpng was given before (`PNGCodec.encodeWithLibpng` keeps that path for comparison); only
/// the compression differs: `RunDeflate`, made for avatars, smaller and several times faster
/// than zlib level 1 on them (docs/benchmarks.md), with zlib level 1 for pictures.
package enum PNGWriter {
    /// libdeflate's level for `size` bytes of scanlines when `.libdeflate(level: nil)` is asked
    /// for (comparisons only): level 1, but level 6 for ≤ 8 KiB, where level 1's block headers
    /// can cost a few bytes more than zlib's.
    static func deflateLevel(forSize size: Int) -> Int32 { size <= 8192 ? 6 : 1 }

    /// How the scanlines are deflated: `RunDeflate` (the default), falling back to zlib level 1
    /// for images that are not runs (pictures: there zlib beats both RunDeflate and libdeflate's
    /// level 1); or libdeflate at a level, kept to compare in tests and benchmarks.
    enum Deflater: Sendable {
        case runs
        case libdeflate(level: Int32?)
    }

    static func encode(_ pixels: inout StraightPixels, deflater: Deflater = .runs) throws(RenderError) -> [UInt8] {
        if let indices = pixels.indices {
            let count = pixels.palette.count
            let depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
            if depth == 8 {
                return try write(rows: indices, size: pixels.height * pixels.indexStride, stride: pixels.indexStride, pixelBytes: 1, pixels: pixels, depth: 8, deflater: deflater)
            }
            // Sub-byte depths: pack the indices, most significant bits first (PNG §7.2), the
            // last byte of a row padded with zero bits.
            let rowBytes = (pixels.width * depth + 7) / 8, perByte = 8 / depth
            let packed = UnsafeMutablePointer<UInt8>.allocate(capacity: pixels.height * (1 + rowBytes))
            defer { packed.deallocate() }
            for y in 0..<pixels.height {
                let from = indices + y * pixels.indexStride + 1, to = packed + y * (1 + rowBytes)
                to[0] = 0
                var x = 0
                for i in 0..<rowBytes {
                    var byte: UInt8 = 0
                    for _ in 0..<perByte {
                        byte = byte << UInt8(depth) | (x < pixels.width ? from[x] : 0)
                        x += 1
                    }
                    to[1 + i] = byte
                }
            }
            return try write(rows: packed, size: pixels.height * (1 + rowBytes), stride: 1 + rowBytes, pixelBytes: 1, pixels: pixels, depth: depth, deflater: deflater)
        }
        let rgba = pixels.rgbaRows()
        return try write(rows: rgba, size: pixels.height * pixels.rgbaStride, stride: pixels.rgbaStride, pixelBytes: 4, pixels: pixels, depth: 8, deflater: deflater)
    }

    /// `rows`: `size` bytes of filtered scanlines (each with its filter byte).
    private static func write(
        rows: UnsafePointer<UInt8>, size: Int, stride: Int, pixelBytes: Int, pixels: borrowing StraightPixels, depth: Int,
        deflater: Deflater
    ) throws(RenderError) -> [UInt8] {
        let indexed = pixels.indices != nil
        let paletteCount = indexed ? pixels.palette.count : 0
        // tRNS needs entries only up to the last translucent colour; an opaque palette needs none.
        var alphaCount = 0
        for i in 0..<paletteCount where pixels.palette.colour(at: i) & 0xFF != 0xFF { alphaCount = i + 1 }
        let chunks = 8 + (12 + 13) + (indexed ? 12 + 3 * paletteCount : 0) + (alphaCount > 0 ? 12 + alphaCount : 0) + 12 + 12
        let head = Head(width: pixels.width, height: pixels.height, depth: depth, palette: indexed ? pixels.palette.colours : nil, alphaCount: alphaCount)
        // RunDeflate knows its exact size before writing: the PNG is allocated once, at its size.
        if case .runs = deflater, let plan = RunDeflate.plan(rows, count: size, stride: stride, pixelBytes: pixelBytes) {
            defer { DeflateScratch.giveBack(plan.scratch) }
            var written = false
            let png = [UInt8](unsafeUninitializedCapacity: chunks + plan.size) { buffer, count in
                guard let base = buffer.baseAddress, plan.size <= Int32.max else { return } // a chunk holds < 2³¹ bytes (PNG §5.3)
                var out = ChunkWriter(base: base)
                head.write(to: &out)
                guard plan.write(into: out.position + 8, capacity: plan.size) == plan.size else { return }
                out.chunk("IDAT", length: plan.size) { body in body.skip(plan.size) }
                out.chunk("IEND", length: 0) { _ in }
                count = out.position - base
                written = true
            }
            if written { return png }
            throw RenderError(kind: .encoding, message: "run deflate failed for \(size) bytes")
        }
        let bound = monogram_zlib_bound(size)
        var failed = false
        let png = [UInt8](unsafeUninitializedCapacity: chunks + bound) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            var out = ChunkWriter(base: base)
            head.write(to: &out)
            let compressed = switch deflater {
            case .runs: monogram_zlib1_compress(rows, size, out.position + 8, bound)
            case .libdeflate(let level): monogram_zlib_compress(level ?? deflateLevel(forSize: size), rows, size, out.position + 8, bound)
            }
            if compressed == 0 || compressed > Int32.max { // a PNG chunk holds at most 2³¹ − 1 bytes (PNG §5.3)
                failed = true
                return
            }
            out.chunk("IDAT", length: compressed) { body in body.skip(compressed) }
            out.chunk("IEND", length: 0) { _ in }
            count = out.position - base
        }
        if failed { throw RenderError(kind: .encoding, message: "deflate failed for \(size) bytes") }
        // The buffer was sized for the worst case (the raw pixels' deflate bound: 1 MB for a
        // 512 px RGBA picture) and the answer cache keeps this array for as long as the entry
        // lives, while it counts only `count` bytes: keep a copy of exactly the PNG instead,
        // or the cache's byte bound does not bound memory.
        guard png.capacity > png.count + png.count / 4 + 64 else { return png }
        return png.withUnsafeBufferPointer { Array($0) }  // `Array(png)` would share the buffer
    }
}
