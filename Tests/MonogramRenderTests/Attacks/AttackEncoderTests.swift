import MonogramCore
import Testing
@testable import MonogramRender
import MonogramRenderTestSupport

/// Attacks on the PNG encoder (StraightPixels, PixelCache, RunDeflate, HuffmanCode) with the
/// pixels a hostile picture gives through the real `render`: noise, gradients, images a colour
/// either side of the palette's 256, translucent pictures over translucent backgrounds, and
/// the largest side. Every PNG must pass the strict checks and decode to exactly the straight
/// pixels of the drawing (made again on cleared memory), and WebP to the same.
@Suite("attack: hostile picture pixels through the encoder")
struct AttackEncoderTests {
    struct Xorshift {
        var state: UInt32
        mutating func next() -> UInt32 {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return state
        }
    }

    /// Premultiplied pictures: `kind` 0 noise of every alpha, 1 opaque noise, 2 a gradient
    /// with a distinct colour per pixel, 3 exactly `colours` colours scattered, 4 noise whose
    /// alpha is 0, 1 or 255 (premultiplied extremes).
    static func picture(side: Int, kind: Int, colours: Int = 256, seed: UInt32 = 0x1234_5679) -> PictureBitmap {
        var random = Xorshift(state: seed)
        let palette = (0..<colours).map { i -> UInt32 in 0xFF00_0000 | UInt32(i) &* 0x0001_0307 & 0x00FF_FFFF }
        let pixels = (0..<side * side).map { i -> UInt32 in
            let r = random.next()
            switch kind {
            case 0:
                let a = r >> 24
                func p(_ c: UInt32) -> UInt32 { (c & 0xFF) * a / 255 }
                return a << 24 | p(r >> 16) << 16 | p(r >> 8) << 8 | p(r)
            case 1: return 0xFF00_0000 | r & 0x00FF_FFFF
            case 2: return 0xFF00_0000 | UInt32(i % side) << 16 & 0xFF_0000 | UInt32(i / side) << 8 & 0xFF00 | UInt32(i) >> 16 & 0xFF
            case 3: return palette[Int(r % UInt32(colours))]
            default:
                let a: UInt32 = [0, 1, 255][Int(r % 3)]
                return a << 24 | (r >> 8 & 1) * a << 16 | (r >> 9 & 1) * a << 8 | (r >> 10 & 1) * a
            }
        }
        return PictureBitmap(side: side, pixels: pixels)
    }

    /// The straight pixels the drawing of `spec` stands for, drawn on cleared memory.
    static func expected(_ spec: AvatarSpec) throws -> RGBAImage {
        try Fixture.renderer.withSurface(spec, initial: .transparent) { (surface) throws(RenderError) -> RGBAImage in
            try surface.withPixels { (data) throws(RenderError) in
                let words = data.assumingMemoryBound(to: UInt32.self)
                var bytes = [UInt8](repeating: 0, count: 4 * surface.width * surface.height)
                for y in 0..<surface.height {
                    for x in 0..<surface.width {
                        let straight = PNGCodec.unpremultiply(words[y * surface.stride / 4 + x])
                        for c in 0..<4 { bytes[4 * (y * surface.width + x) + c] = UInt8(truncatingIfNeeded: straight >> (24 - 8 * UInt32(c))) }
                    }
                }
                return RGBAImage(width: surface.width, height: surface.height, pixels: bytes)
            }
        }
    }

    static func check(_ spec: AvatarSpec, webp: Bool = true) throws -> String? {
        let expected = try Self.expected(spec)
        let png = try PNGWriter.decodeStrictly(Fixture.renderer.render(spec, format: .png))
        if png != expected { return "PNG" }
        if webp, try WebPCodec.decode(Fixture.renderer.render(spec, format: .webp)) != expected { return "WebP" }
        return nil
    }

    @Test("noise, gradients and pictures either side of 256 colours decode to the drawn pixels", arguments: [1, 2, 17, 64, 255, 256, 257])
    func hostilePictures(_ side: Int) throws {
        var failures: [String] = []
        let cases: [(kind: Int, colours: Int)] = [(0, 0), (1, 0), (2, 0), (3, 255), (3, 256), (3, 257), (4, 0)]
        for (kind, colours) in cases {
            for (shape, background) in [(Shape.square, RGBA.transparent), (.circle, Fixture.background), (.rounded(radius: 0.2), RGBA(red: 9, green: 99, blue: 199, alpha: 0x80))] {
                var spec = Fixture.spec(nil, size: side, shape: shape, background: background)
                // The picture's own side differs from the face's, so cairo resamples it too.
                spec.content = .picture(Self.picture(side: kind == 3 ? side : max(1, side / 2 + 3), kind: kind, colours: max(colours, 1)))
                if let failure = try Self.check(spec) { failures.append("\(failure) kind \(kind)/\(colours) \(shape) \(background.hex)") }
            }
        }
        #expect(failures.isEmpty, "\(side) px: \(failures.joined(separator: "; "))")
    }

    @Test("the largest face, a noise picture of 4096 px, encodes to its exact pixels")
    func largestNoise() throws {
        var spec = Fixture.spec(nil, size: Renderer.largestPixelSize, shape: .circle, background: RGBA(red: 1, green: 2, blue: 3, alpha: 0x7F))
        spec.content = .picture(Self.picture(side: 1024, kind: 0))
        #expect(try Self.check(spec, webp: false) == nil)
    }
}
