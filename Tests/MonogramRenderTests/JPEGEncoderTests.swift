import MonogramCore
import Testing
@testable import MonogramRender

@Suite("JPEG encoder")
struct JPEGEncoderTests {
    /// The drawing with its matte, encoded with 4:4:4 and with 4:2:0: (bytes, mean channel error
    /// over the letters' pixels, mean over all) against the lossless PNG of the same drawing.
    static func compare(_ spec: AvatarSpec) throws -> [(bytes: Int, letters: Double, all: Double)] {
        let reference = try PNGCodec.decode(Fixture.renderer.render(spec, format: .png))
        let background = reference[0, 0]
        return try [true, false].map { full in
            let bytes = try Fixture.renderer.withSurface(spec) { (surface) throws(RenderError) -> [UInt8] in
                try JPEGCodec.encode(surface, fullChroma: full)
            }
            let decoded = try JPEGCodec.decode(bytes).image
            var (letters, letterCount, all) = (0, 0, 0)
            for y in 0..<reference.height {
                for x in 0..<reference.width {
                    let (a, b) = (reference[x, y], decoded[x, y])
                    let error = abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
                    all += error
                    if a.red != background.red || a.green != background.green || a.blue != background.blue {
                        letters += error
                        letterCount += 1
                    }
                }
            }
            let pixels = reference.width * reference.height
            return (bytes.count, Double(letters) / Double(max(1, letterCount) * 3), Double(all) / Double(pixels * 3))
        }
    }

    /// The measurement behind `JPEGCodec.subsampledFromPixels` (docs/rendering.md prints the
    /// table this writes): at every size 4:4:4 is at least as faithful on the letters, and the
    /// file 4:2:0 saves grows with the size.
    @Test("4:4:4 is more faithful to the letters than 4:2:0 at every size; the table behind the switch")
    func chromaTable() throws {
        let saturated = [RGBA(red: 0xC6, green: 0x28, blue: 0x28), Fixture.background, RGBA(red: 0x2E, green: 0x7D, blue: 0x32)]
        print("side  bytes444 bytes420  saving  letters444 letters420")
        for side in [32, 48, 64, 96, 128, 160, 192, 256, 384, 512] {
            var totals = [(bytes: 0, letters: 0.0), (bytes: 0, letters: 0.0)]
            for colour in saturated {
                let result = try Self.compare(Fixture.spec("JR", size: side, background: colour))
                for i in 0..<2 { totals[i].bytes += result[i].bytes; totals[i].letters += result[i].letters }
                #expect(result[0].letters <= result[1].letters + 0.01, "\(side) px on \(colour)")
            }
            let saving = 100 - 100 * totals[1].bytes / max(1, totals[0].bytes)
            print("\(side)  \(totals[0].bytes / 3)  \(totals[1].bytes / 3)  \(saving)%  \(totals[0].letters / 3)  \(totals[1].letters / 3)")
        }
    }

    @Test("quality 90: a decoded avatar stays close to the PNG (mean channel error under 3, 6 at 16 px: all edges)",
          arguments: [(16, 6.0), (64, 3), (128, 3), (512, 3)])
    func fidelity(_ side: Int, _ limit: Double) throws {
        let spec = Fixture.spec("JR", size: side)
        let bytes = try Fixture.renderer.render(spec, format: .jpeg(matte: .white))
        let decoded = try JPEGCodec.decode(bytes).image
        let reference = try PNGCodec.decode(Fixture.renderer.render(spec, format: .png))
        var error = 0
        for i in stride(from: 0, to: reference.pixels.count, by: 4) {
            for c in 0..<3 { error += abs(Int(reference.pixels[i + c]) - Int(decoded.pixels[i + c])) }
        }
        #expect(Double(error) / Double(side * side * 3) < limit)
    }

    @Test("the matte fills what the shape leaves transparent, for avatars and groups")
    func matte() throws {
        let matte = RGBA(red: 0x10, green: 0x80, blue: 0xF0)
        let bytes = try Fixture.renderer.render(Fixture.spec("JR", size: 64, shape: .circle), format: .jpeg(matte: matte))
        let corner = try JPEGCodec.decode(bytes).image[0, 0]
        #expect(abs(Int(corner.red) - 0x10) <= 3 && abs(Int(corner.green) - 0x80) <= 3 && abs(Int(corner.blue) - 0xF0) <= 3)
    }

    @Test("the decoder refuses what is not a JPEG")
    func refusesGarbage() {
        #expect(throws: RenderError.self) { try JPEGCodec.decode([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]) }
        #expect(throws: RenderError.self) { try JPEGCodec.decode([]) }
    }
}
