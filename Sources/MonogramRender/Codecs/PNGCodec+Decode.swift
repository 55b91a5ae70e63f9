internal import CPictures

#if canImport(Glibc)
    private import Glibc
#elseif canImport(Darwin)
    private import Darwin
#endif

/// PNG in: the renderer's one owner of decoding (masks at start-up, and the tests' reading of
/// rendered images), on top of the project's one libpng decoder in CPictures, the same code
/// that decodes fetched pictures. Bounded like them: the header's dimensions are checked
/// before any pixel memory is allocated, and a file is read only up to a byte limit.
extension PNGCodec {
    /// Most pixels decoded: the largest avatar's (a mask is scaled to at most that).
    static let largestDecodedPixels = Renderer.largestPixelSize * Renderer.largestPixelSize
    /// Largest PNG file read (a 4096² mask compresses to far less).
    static let largestFileBytes = 64 << 20

    /// Straight RGBA8 pixels of a PNG in memory.
    package static func decode(_ bytes: [UInt8]) throws(RenderError) -> RGBAImage {
        var width: Int32 = 0, height: Int32 = 0
        let header = bytes.withUnsafeBufferPointer { monogram_png_header($0.baseAddress, $0.count, &width, &height) }
        guard header == 0, width > 0, height > 0 else {
            throw RenderError(kind: .encoding, message: "not a decodable PNG")
        }
        guard Int(width) * Int(height) <= largestDecodedPixels else {
            throw RenderError(kind: .encoding, message: "PNG larger than \(largestDecodedPixels) pixels")
        }
        let count = Int(width) * Int(height)
        var argb = [UInt32](repeating: 0, count: count)
        let status = bytes.withUnsafeBufferPointer { input in
            argb.withUnsafeMutableBufferPointer { output in
                monogram_png_decode_argb(input.baseAddress, input.count, output.baseAddress, width, height)
            }
        }
        guard status == 0 else { throw RenderError(kind: .encoding, message: "not a decodable PNG (status \(status))") }
        // The decoder writes cairo's premultiplied native words; RGBAImage is straight alpha.
        // Alpha is exact, so masks lose nothing; colour under low alpha is rounded.
        var pixels = [UInt8](repeating: 0, count: count * 4)
        for i in 0..<count {
            let straight = unpremultiply(argb[i])
            pixels[i * 4] = UInt8(truncatingIfNeeded: straight >> 24)
            pixels[i * 4 + 1] = UInt8(truncatingIfNeeded: straight >> 16)
            pixels[i * 4 + 2] = UInt8(truncatingIfNeeded: straight >> 8)
            pixels[i * 4 + 3] = UInt8(truncatingIfNeeded: straight)
        }
        return RGBAImage(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// A PNG file, read whole (up to `largestFileBytes`) and decoded.
    package static func decode(path: String) throws(RenderError) -> RGBAImage {
        guard let file = fopen(path, "rb") else { throw RenderError(kind: .encoding, message: "cannot open the PNG file") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if read == 0 { break }
            bytes += chunk[0..<read]
            guard bytes.count <= largestFileBytes else {
                throw RenderError(kind: .encoding, message: "PNG file larger than \(largestFileBytes) bytes")
            }
        }
        return try decode(bytes)
    }
}
