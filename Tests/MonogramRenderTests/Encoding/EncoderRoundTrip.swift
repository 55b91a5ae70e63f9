@testable import MonogramRender
import MonogramRenderTestSupport

/// Encodes a `StructuredImage` every way the renderer can and decodes each result with an
/// outside decoder (libpng behind strict structure checks; libwebp): PNG indexed or RGBA as
/// `PNGWriter` chooses, PNG forced to RGBA (WebP's input, and RunDeflate's 4-byte pixels on
/// flat images), the libpng encoder it replaced, and lossless WebP. Each must give back exactly
/// the straight pixels. Both PNGs must also be byte for byte those of the frozen encoder of
/// main 14a329a (`ReferencePNG`): no pixel changed, no PNG grew. Shared by the seeded test and
/// the `png-writer` fuzz target.
enum EncoderRoundTrip {
    /// The first mismatch, or nil when every encoding round-trips exactly.
    static func failure(_ image: StructuredImage) -> String? {
        let expected = RGBAImage(width: image.width, height: image.height, pixels: image.straight(PNGCodec.unpremultiply))
        let size = "\(image.width)×\(image.height)"
        do {
            // Copied out rather than lent by a closure: a typed-throws closure here crashes the
            // Swift 6.3 compiler (SILGen reabstraction thunk).
            let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: image.pixels.count)
            defer { memory.deallocate() }
            memory.initialize(from: image.pixels, count: image.pixels.count)
            let surface = try CairoSurface.borrowing(
                UnsafeRawPointer(memory).assumingMemoryBound(to: UInt8.self), .argb32, width: image.width, height: image.height, stride: 4 * image.width)
            var indexed = try StraightPixels(surface, allowIndexed: true)
            var straight = try StraightPixels(surface, allowIndexed: false)
            let webp = image.width <= 16383 && image.height <= 16383 ? try WebPCodec.encode(&straight) : nil
            let encoded = (try PNGWriter.encode(&indexed), try PNGWriter.encode(&straight), try PNGCodec.encodeWithLibpng(surface), webp)
            let stride = 4 * image.width
            for (name, png, allowIndexed) in [("PNG", encoded.0, true), ("RGBA PNG", encoded.1, false)] {
                let reference = ReferencePNG.encode(UnsafeRawPointer(memory), width: image.width, height: image.height, stride: stride, allowIndexed: allowIndexed)
                if png != reference { return "\(size): \(name) is \(png.count) bytes unlike the reference encoder's \(reference?.count ?? 0)" }
            }
            for (name, png) in [("PNG", encoded.0), ("RGBA PNG", encoded.1), ("libpng PNG", encoded.2)] {
                let decoded: RGBAImage
                do { decoded = try PNGWriter.decodeStrictly(png) } catch { return "\(size): \(name) does not decode: \(error)" }
                if let difference = difference(decoded, expected) { return "\(size): \(name) \(difference)" }
            }
            if let webp = encoded.3 {
                let decoded: RGBAImage
                do { decoded = try WebPCodec.decode(webp) } catch { return "\(size): WebP does not decode: \(error)" }
                if let difference = difference(decoded, expected) { return "\(size): WebP \(difference)" }
            }
        } catch {
            return "\(size): encoding failed: \(error)"
        }
        return nil
    }

    private static func difference(_ decoded: RGBAImage, _ expected: RGBAImage) -> String? {
        guard decoded.width == expected.width, decoded.height == expected.height else {
            return "decodes to \(decoded.width)×\(decoded.height)"
        }
        if decoded.pixels == expected.pixels { return nil } // the fast answer (debug builds are slow)
        guard let i = zip(decoded.pixels, expected.pixels).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else { return nil }
        let pixel = i / 4
        return "differs first at pixel (\(pixel % expected.width), \(pixel / expected.width)) channel \(i % 4): \(decoded.pixels[i]) instead of \(expected.pixels[i])"
    }
}
