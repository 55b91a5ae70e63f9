public import MonogramCore

/// Orientation, centre crop and reduction of decoded pixels (premultiplied ARGB32 words).
public enum PictureGeometry {
    /// The centred square of the image turned upright by `orientation` (EXIF 1…8), reduced by
    /// a power of two with a box filter while it stays at least `target` pixels wide. One
    /// pass, one allocation of the output: the crop is never copied at full size (a 40 MP
    /// source would otherwise need a second 160 MB buffer).
    public static func square(_ pixels: [UInt32], width: Int, height: Int, orientation: Int, target: Int) -> PictureBitmap {
        let turned = (5...8).contains(orientation)
        let uprightWidth = turned ? height : width, uprightHeight = turned ? width : height
        let side = min(uprightWidth, uprightHeight)
        let left = (uprightWidth - side) / 2, top = (uprightHeight - side) / 2
        let shift = halvings(side: side, target: target)
        let factor = 1 << shift, out = side >> shift
        guard out > 0, pixels.count >= width * height else { return PictureBitmap(side: 0, pixels: []) }
        var square = [UInt32](repeating: 0, count: out * out)
        square.withUnsafeMutableBufferPointer { result in
            pixels.withUnsafeBufferPointer { source in
                for oy in 0..<out {
                    for ox in 0..<out {
                        var sums = (0, 0, 0, 0)
                        for dy in 0..<factor {
                            for dx in 0..<factor {
                                let (sx, sy) = sourcePoint(
                                    left + ox * factor + dx, top + oy * factor + dy, width: width, height: height, orientation: orientation)
                                let p = source[sy * width + sx]
                                sums.0 += Int(p >> 24)
                                sums.1 += Int(p >> 16 & 0xFF)
                                sums.2 += Int(p >> 8 & 0xFF)
                                sums.3 += Int(p & 0xFF)
                            }
                        }
                        let count = factor * factor, half = count / 2
                        let a = (sums.0 + half) / count, r = (sums.1 + half) / count
                        let g = (sums.2 + half) / count, b = (sums.3 + half) / count
                        result[oy * out + ox] = UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                    }
                }
            }
        }
        return PictureBitmap(side: out, pixels: square)
    }

    /// How many times `side` can be halved and stay at least `target` (0 when it is smaller).
    public static func halvings(side: Int, target: Int) -> Int {
        var shift = 0
        while side >> (shift + 1) >= max(1, target) { shift += 1 }
        return shift
    }

    /// A cached square reduced for a smaller `target` (2×2 box steps while it stays ≥ target).
    /// The side `reduce` gives a square of `side` pixels for `target`.
    public static func reducedSide(_ side: Int, target: Int) -> Int {
        var current = side
        while current / 2 >= max(1, target) { current /= 2 }
        return current
    }

    public static func reduce(_ bitmap: PictureBitmap, target: Int) -> PictureBitmap {
        var pixels = bitmap.pixels, current = bitmap.side
        guard current / 2 >= max(1, target) else { return bitmap }
        while current / 2 >= max(1, target) {
            pixels = halve(pixels, side: current)
            current /= 2
        }
        return PictureBitmap(side: current, pixels: pixels)
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
