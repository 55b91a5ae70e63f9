/// A decoded picture ready to draw: a square of premultiplied ARGB32 pixels in cairo's layout
/// (one native-endian `UInt32` per pixel, `0xAARRGGBB`, rows packed), centre-cropped from the
/// original and oriented upright. The renderer scales it to the avatar's size.
///
/// A class compared by identity: hashing megabytes of pixels to compare two specs would cost
/// more than drawing them, and one decoded picture is one value.
public final class PictureBitmap: Sendable, Hashable {
    /// Width and height in pixels.
    public let side: Int
    public let pixels: [UInt32]

    public init(side: Int, pixels: [UInt32]) {
        precondition(side > 0 && pixels.count == side * side, "PictureBitmap needs side * side pixels")
        self.side = side
        self.pixels = pixels
    }

    /// The premultiplied pixel at (`x`, `y`) as 0xAARRGGBB.
    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * side + x] }

    /// Bytes of pixel memory, for cache accounting.
    public var byteCount: Int { pixels.count * 4 }

    public static func == (lhs: PictureBitmap, rhs: PictureBitmap) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
