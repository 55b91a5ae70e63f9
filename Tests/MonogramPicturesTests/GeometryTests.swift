import MonogramCore
import MonogramPictures
import Testing

@Suite("Picture geometry and EXIF orientation")
struct GeometryTests {
    @Test("reads the EXIF orientation of a JPEG")
    func readsOrientation() throws {
        #expect(ExifOrientation.read(jpeg: try fixture("rotated-6.jpg")) == 6)
        #expect(ExifOrientation.read(jpeg: try fixture("quadrants.jpg")) == 1)
    }

    @Test("reads big-endian EXIF and survives garbage", arguments: [
        (GeometryTests.app1(bigEndian: true, orientation: 8), 8),
        (GeometryTests.app1(bigEndian: false, orientation: 3), 3),
        (GeometryTests.app1(bigEndian: true, orientation: 9), 1),
        ([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45], 1),
        ([0xFF, 0xD8], 1),
        (Array(GeometryTests.app1(bigEndian: true, orientation: 6).prefix(30)), 1),
    ])
    func parses(bytes: [UInt8], expected: Int) {
        #expect(ExifOrientation.read(jpeg: bytes) == expected)
    }

    /// A 2×1 image, red then blue, turned by each orientation and cropped to its centre 1×1
    /// would lose information; so a 2×2 with four colours: a b / c d.
    @Test("turns the pixels upright for every orientation", arguments: [
        (1, [1, 2, 3, 4]), (2, [2, 1, 4, 3]), (3, [4, 3, 2, 1]), (4, [3, 4, 1, 2]),
        (5, [1, 3, 2, 4]), (6, [3, 1, 4, 2]), (7, [4, 2, 3, 1]), (8, [2, 4, 1, 3]),
    ])
    func orientations(orientation: Int, expected: [UInt32]) {
        let bitmap = PictureGeometry.square([1, 2, 3, 4], width: 2, height: 2, orientation: orientation, target: 2)
        #expect(bitmap.pixels == expected)
    }

    @Test("crops the centred square of a wide image")
    func crop() {
        let bitmap = PictureGeometry.square([1, 2, 3, 4, 5, 6], width: 3, height: 2, orientation: 1, target: 2)
        #expect(bitmap.pixels == [1, 2, 4, 5])
    }

    static func app1(bigEndian: Bool, orientation: UInt16) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { u16(UInt16(bigEndian ? v >> 16 : v & 0xFFFF)) + u16(UInt16(bigEndian ? v & 0xFFFF : v >> 16)) }
        let tiff = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(8) + u16(1)
            + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0] + u32(0)
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + [0xFF, 0xDA, 0, 2]
    }
}
