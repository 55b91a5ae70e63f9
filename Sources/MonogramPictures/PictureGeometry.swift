public import MonogramCore

/// Orientation, centre crop and reduction of decoded pixels (premultiplied ARGB32 words).
public enum PictureGeometry {
    /// The centred square of the image turned upright by `orientation` (EXIF 1…8), halved
    /// with a 2×2 box filter while it stays at least `target` pixels wide.
    public static func square(_ pixels: [UInt32], width: Int, height: Int, orientation: Int, target: Int) -> PictureBitmap {
        let turned = (5...8).contains(orientation)
        let uprightWidth = turned ? height : width, uprightHeight = turned ? width : height
        let side = min(uprightWidth, uprightHeight)
        let left = (uprightWidth - side) / 2, top = (uprightHeight - side) / 2
        var square = [UInt32](repeating: 0, count: side * side)
        square.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { source in
                for y in 0..<side {
                    for x in 0..<side {
                        let (sx, sy) = sourcePoint(x + left, y + top, width: width, height: height, orientation: orientation)
                        out[y * side + x] = source[sy * width + sx]
                    }
                }
            }
        }
        var current = side
        while current / 2 >= target {
            square = halve(square, side: current)
            current /= 2
        }
        return PictureBitmap(side: current, pixels: square)
    }

    /// Where the upright pixel (`x`, `y`) is stored in a `width × height` image with the given
    /// EXIF orientation.
    static func sourcePoint(_ x: Int, _ y: Int, width w: Int, height h: Int, orientation: Int) -> (Int, Int) {
        switch orientation {
        case 2: (w - 1 - x, y)
        case 3: (w - 1 - x, h - 1 - y)
        case 4: (x, h - 1 - y)
        case 5: (y, x)
        case 6: (y, h - 1 - x)
        case 7: (w - 1 - y, h - 1 - x)
        case 8: (w - 1 - y, x)
        default: (x, y)
        }
    }

    /// Averages each 2×2 block (premultiplied, so transparent pixels do not darken edges).
    static func halve(_ pixels: [UInt32], side: Int) -> [UInt32] {
        let half = side / 2
        var out = [UInt32](repeating: 0, count: half * half)
        out.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { p in
                for y in 0..<half {
                    for x in 0..<half {
                        let i = 2 * y * side + 2 * x
                        let a = p[i], b = p[i + 1], c = p[i + side], d = p[i + side + 1]
                        var result: UInt32 = 0
                        for shift: UInt32 in [0, 8, 16, 24] {
                            let sum = (a >> shift & 0xFF) + (b >> shift & 0xFF) + (c >> shift & 0xFF) + (d >> shift & 0xFF)
                            result |= ((sum + 2) / 4) << shift
                        }
                        out[y * half + x] = result
                    }
                }
            }
        }
        return out
    }
}
