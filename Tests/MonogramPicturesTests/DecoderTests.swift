import MonogramCore
import MonogramPictures
import Testing

@Suite("Picture decoding")
struct DecoderTests {
    let decoder = PictureDecoder(maxPixels: 40_000_000)

    @Test("decodes, orients and centre-crops each format", arguments: ["quadrants.png", "quadrants.webp", "quadrants.jpg", "quadrants-tall.jpg", "rotated-6.jpg"])
    func quadrants(name: String) throws {
        let bitmap = try decoder.decode(try fixture(name), targetSide: 48)
        #expect(bitmap.side == 48)
        for quadrant in Quadrant.allCases {
            let (x, y) = quadrant.centre(side: bitmap.side)
            #expect(pixel(bitmap[x, y], is: quadrant.rgb), "\(name) \(quadrant) at (\(x), \(y)): \(String(bitmap[x, y], radix: 16))")
        }
        // The magenta margins are cropped away, not squeezed in: the edges keep the quadrants'
        // colours (JPEG's subsampled chroma blurs the last few pixels, hence the inset).
        let inset = name.hasSuffix(".jpg") ? 4 : 0
        #expect(pixel(bitmap[inset, 12], is: Quadrant.topLeft.rgb, tolerance: 60))
        #expect(pixel(bitmap[47 - inset, 36], is: Quadrant.bottomRight.rgb, tolerance: 60))
    }

    @Test("reduces a large source towards the target size", arguments: [("quadrants.png", 12, 12), ("quadrants.jpg", 12, 12), ("quadrants.webp", 12, 12), ("quadrants.png", 20, 24)])
    func reduces(name: String, target: Int, side: Int) throws {
        let bitmap = try decoder.decode(try fixture(name), targetSide: target)
        #expect(bitmap.side == side)
        for quadrant in Quadrant.allCases {
            let (x, y) = quadrant.centre(side: bitmap.side)
            #expect(pixel(bitmap[x, y], is: quadrant.rgb, tolerance: 40))
        }
    }

    @Test("keeps alpha premultiplied")
    func premultiplied() throws {
        let bitmap = try decoder.decode(try fixture("half-alpha.png"), targetSide: 32)
        let value = bitmap[16, 16]
        #expect(value >> 24 == 128)
        #expect(Int(value >> 8 & 0xFF) == (200 * 128 + 127) / 255)
        #expect(value >> 16 & 0xFF == 0)
    }

    @Test("fails on what is not a usable picture", arguments: [
        ("not-image.txt", PictureFailure.notAnImage),
        ("truncated.png", .undecodable),
        ("truncated.jpg", .undecodable),
        ("bomb.png", .tooManyPixels),
    ])
    func failures(name: String, expected: PictureFailure) throws {
        let bytes = try fixture(name)
        #expect(throws: expected) { try decoder.decode(bytes, targetSide: 48) }
    }

    @Test("checks the pixel limit from the header for every format", arguments: ["quadrants.png", "quadrants.webp", "quadrants.jpg"])
    func pixelLimit(name: String) throws {
        let bytes = try fixture(name)
        #expect(throws: PictureFailure.tooManyPixels) { try PictureDecoder(maxPixels: 64 * 48 - 1).decode(bytes, targetSide: 48) }
        #expect(try PictureDecoder(maxPixels: 64 * 48).decode(bytes, targetSide: 48).side == 48)
    }

    @Test("sniffs the format from the bytes, never the name", arguments: [
        ("quadrants.png", PictureFormat.png), ("quadrants.jpg", .jpeg), ("quadrants.webp", .webp),
    ])
    func sniffing(name: String, format: PictureFormat) throws {
        #expect(PictureFormat(sniffing: try fixture(name)) == format)
        #expect(PictureFormat(sniffing: Array("GIF89a".utf8)) == nil)
    }
}
