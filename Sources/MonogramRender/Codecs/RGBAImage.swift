/// Straight-alpha RGBA8 pixels, rows packed (`width * 4` bytes each). The decoded form of our
/// PNGs: used for masks and by the tests for pixel checks.
package struct RGBAImage: Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBAImage needs width * height * 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A transparent image.
    package init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    package subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Copies `other` with its top-left corner at (`left`, `top`); parts outside are dropped.
    package mutating func place(_ other: RGBAImage, left: Int, top: Int) {
        for y in 0..<other.height where (0..<height).contains(top + y) {
            for x in 0..<other.width where (0..<width).contains(left + x) {
                let from = (y * other.width + x) * 4
                let to = ((top + y) * width + left + x) * 4
                for c in 0..<4 { pixels[to + c] = other.pixels[from + c] }
            }
        }
    }
}
