internal import CTestCodecs
package import MonogramRender

#if canImport(Glibc)
    private import Glibc
#elseif canImport(Darwin)
    private import Darwin
#endif

/// The avatar PNG encoder before `PNGWriter` (libpng at zlib level 1), and straight RGBA8
/// encoding for goldens and the contact sheet: only tests use them.
extension PNGCodec {
    /// zlib level 1 with no row filters: measured ~4× faster than cairo's writer and smaller.
    package static let compressionLevel: Int32 = 1

    /// The encoder before `PNGWriter`: the same pixels (indexed when ≤ 256 colours, with the
    /// transparent colour always in the palette, as it was), written by libpng at zlib level 1.
    /// Kept so the tests and the benchmark can show the new writer gives the same pixels in
    /// fewer bytes and less time.
    package static func encodeWithLibpng(_ surface: borrowing CairoSurface) throws(RenderError) -> [UInt8] {
        let width = surface.width, height = surface.height, stride = surface.stride
        return try surface.withPixels { (data) throws(RenderError) in
            let count = width * height
            let rgba = UnsafeMutablePointer<UInt8>.allocate(capacity: count * 4)
            defer { rgba.deallocate() }
            let indices = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
            defer { indices.deallocate() }
            var palette = PaletteBuilder()
            var indexed = true
            var lastPixel: UInt32 = 0, lastStraight: UInt32 = 0, lastIndex: UInt8 = palette.index(of: 0) ?? 0
            var o = 0
            for y in 0..<height {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let pixel = row[x]
                    if pixel != lastPixel {
                        lastPixel = pixel
                        lastStraight = PNGCodec.unpremultiply(pixel)
                        if indexed {
                            if let index = palette.index(of: lastStraight) { lastIndex = index } else { indexed = false }
                        }
                    }
                    rgba[o * 4] = UInt8(truncatingIfNeeded: lastStraight >> 24)
                    rgba[o * 4 + 1] = UInt8(truncatingIfNeeded: lastStraight >> 16)
                    rgba[o * 4 + 2] = UInt8(truncatingIfNeeded: lastStraight >> 8)
                    rgba[o * 4 + 3] = UInt8(truncatingIfNeeded: lastStraight)
                    indices[o] = lastIndex
                    o += 1
                }
            }
            if indexed {
                return try encodeRaw(indices, width: width, height: height, stride: width, palette: palette.bytes)
            }
            return try encodeRaw(rgba, width: width, height: height, stride: width * 4, palette: [])
        }
    }

    /// Encodes straight RGBA8 pixels (always 8-bit RGBA; used for goldens and the contact sheet).
    package static func encode(_ image: RGBAImage) throws(RenderError) -> [UInt8] {
        try image.pixels.withUnsafeBufferPointer { (pixels) throws(RenderError) in
            try encodeRaw(pixels.baseAddress!, width: image.width, height: image.height, stride: image.width * 4, palette: [])
        }
    }

    private static func encodeRaw(
        _ rows: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, palette: [UInt8]
    ) throws(RenderError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let status = palette.withUnsafeBufferPointer { paletteBytes in
            monogram_png_encode(
                rows, Int32(width), Int32(height), stride, compressionLevel,
                palette.isEmpty ? nil : paletteBytes.baseAddress, Int32(palette.count / 4), &output, &size)
        }
        guard status == 0, let output else {
            throw RenderError(kind: .encoding, message: "libpng failed to encode (status \(status))")
        }
        defer { free(output) }
        return [UInt8](UnsafeBufferPointer(start: output, count: size))
    }
}
