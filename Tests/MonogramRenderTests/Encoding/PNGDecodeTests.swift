import MonogramCore
import Testing
@testable import MonogramRender
import MonogramRenderTestSupport

@Suite("PNG decoding")
struct PNGDecodeTests {
    /// A PNG whose IHDR claims `width × height` RGBA pixels, with no pixel data.
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]) + chunk("IDAT", []) + chunk("IEND", [])
    }

    @Test("a rendered avatar decodes to its pixels, translucent edges within rounding")
    func roundTrip() throws {
        let image = try Fixture.renderPNG(Fixture.spec("A", shape: .circle))
        #expect(image.width == 128 && image.height == 128)
        #expect(image[0, 0].alpha == 0 && image[64, 5].alpha == 255)
        let again = try PNGCodec.decode(PNGCodec.encode(image))
        #expect(again == image, "decoding is idempotent after one round trip")
    }

    @Test("a header claiming more pixels than the largest avatar is refused before any pixel memory")
    func pixelBudget() throws {
        let bytes = Self.header(width: 4097, height: 4096)
        #expect(throws: RenderError(kind: .encoding, message: "PNG larger than \(PNGCodec.largestDecodedPixels) pixels")) {
            try PNGCodec.decode(bytes)
        }
    }

    @Test("truncated and foreign bytes are errors, not crashes", arguments: [[], [0x89, 0x50], Array("GIF89a".utf8), header(width: 16, height: 16)])
    func undecodable(_ bytes: [UInt8]) {
        #expect(throws: RenderError.self) { try PNGCodec.decode(bytes) }
    }

    @Test("a missing file is an error")
    func missingFile() {
        #expect(throws: RenderError.self) { try PNGCodec.decode(path: "/nonexistent/mask.png") }
    }
}
