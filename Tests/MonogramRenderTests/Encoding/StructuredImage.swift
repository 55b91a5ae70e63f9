/// A premultiplied ARGB32 image, laid out as cairo gives it to the encoders, built from
/// arbitrary bytes in the shapes our PNG writer specialises for: runs of one pixel, repeats of
/// the row above and its diagonals, earlier rows (mirrors), back-references of any distance,
/// anti-aliased ramps, and noise from few or many colours. The geometry covers 1-pixel-wide and
/// -tall images and rows at DEFLATE's 32 KiB window (RGBA width ≈ 8190, indexed ≈ 32766); the
/// palette sizes sit on the depth boundaries (2, 4, 16, 256 colours) and either side of them.
/// Shared by the seeded round-trip test and the `png-writer` fuzz target (scripts/fuzz.sh
/// compiles this file into it), so a fuzz finding replays as a test. No imports on purpose.
struct StructuredImage {
    let width: Int
    let height: Int
    /// Premultiplied 0xAARRGGBB words, `width` per row (cairo's stride for ARGB32).
    private(set) var pixels: [UInt32]

    /// The fuzz target's bound; the seeded test asks for less (debug builds are slow).
    static let maxPixels = 512 * 512
    private static let paletteSizes = [1, 2, 3, 4, 5, 15, 16, 17, 128, 255, 256, 257, 300, 4096]

    init(bytes: [UInt8], maxPixels: Int = StructuredImage.maxPixels) {
        var source = ByteSource(bytes)
        let shape = Int(source.next()) % 8, a = Int(source.next()), b = Int(source.next())
        var (width, height): (Int, Int)
        switch shape {
        case 0: (width, height) = (1 + a % 40, 1 + b % 40)
        case 1: (width, height) = (1, 1 + (a | b << 8) % 4096)
        case 2: (width, height) = (1 + (a | b << 8) % 32767, 1)
        case 3: (width, height) = (8180 + a % 20, 1 + b % 8) // RGBA rows either side of 32 KiB
        case 4: (width, height) = (32767 - a % 16, 1 + b % 4) // index rows either side of 32 KiB
        default: (width, height) = (1 + (a | (b & 1) << 8) % 512, 1 + (Int(source.next()) | (b >> 1 & 1) << 8) % 512)
        }
        height = max(1, min(height, maxPixels / width))
        self.width = width
        self.height = height
        let colours = (0..<StructuredImage.paletteSizes[Int(source.next()) % StructuredImage.paletteSizes.count]).map { _ in
            StructuredImage.colour(&source)
        }
        pixels = [UInt32](repeating: 0, count: width * height)
        paint(colours, &source)
    }

    /// A valid premultiplied colour (each channel ≤ alpha): mostly opaque, some fully
    /// transparent, the rest any alpha (anti-aliased edges).
    private static func colour(_ source: inout ByteSource) -> UInt32 {
        let choice = source.next()
        let alpha: UInt32 = choice < 128 ? 255 : choice < 160 ? 0 : UInt32(source.next())
        func channel() -> UInt32 { (UInt32(source.next()) * alpha + 127) / 255 }
        return alpha << 24 | channel() << 16 | channel() << 8 | channel()
    }

    private mutating func paint(_ colours: [UInt32], _ source: inout ByteSource) {
        var p = 0
        let count = pixels.count
        while p < count {
            let y = p / width
            if source.exhausted { // the rest: repeats of the row above, or one run
                pixels[p] = p >= width ? pixels[p - width] : p > 0 ? pixels[p - 1] : colours[0]
                p += 1
                continue
            }
            let op = source.next() % 9, lengthByte = source.next()
            let length = min(count - p, lengthByte < 200 ? 1 + Int(lengthByte) % 16 : 1 + (Int(source.next()) | Int(source.next()) << 8) % 4096)
            func pick() -> UInt32 { colours[Int(source.next()) % colours.count] }
            switch op {
            case 0: // a run of one colour
                let colour = pick()
                for i in p..<p + length { pixels[i] = colour }
            case 1, 5: // the row above, or one of its diagonals
                let shift = op == 1 ? 0 : Int(source.next() % 3) - 1
                for i in p..<p + length {
                    let from = i - width + shift
                    pixels[i] = from >= 0 && from < i ? pixels[from] : colours[0]
                }
            case 2: // a back-reference of any distance (also beyond DEFLATE's window)
                let distance = p == 0 ? 1 : 1 + (Int(source.next()) | Int(source.next()) << 8 | Int(source.next()) << 16) % p
                for i in p..<p + length { pixels[i] = i >= distance ? pixels[i - distance] : colours[0] }
            case 3: // noise from the palette
                for i in p..<p + length { pixels[i] = pick() }
            case 4: // noise from every colour
                for i in p..<p + length { pixels[i] = StructuredImage.colour(&source) }
            case 6: // an earlier row again from this column (a circle's lower half mirrors its upper)
                let row = y == 0 ? 0 : Int(source.next()) % y
                for i in p..<p + length {
                    let from = row * width + i % width
                    pixels[i] = from < i ? pixels[from] : colours[0]
                }
            case 7: // an alpha ramp of one colour: anti-aliasing
                let base = pick(), step = UInt32(source.next() % 8)
                for (k, i) in (p..<p + length).enumerated() {
                    let alpha = min(255, (base >> 24) &+ UInt32(k) &* step) & 0xFF
                    let r = (base >> 16 & 0xFF) * alpha / 255, g = (base >> 8 & 0xFF) * alpha / 255, b = (base & 0xFF) * alpha / 255
                    pixels[i] = alpha << 24 | r << 16 | g << 8 | b
                }
            default: // skip: leave transparent pixels
                break
            }
            p += length
        }
    }

    /// What every encoder must give back: straight RGBA8, unpremultiplied as cairo's pixels are
    /// for PNG (0xRRGGBBAA per pixel).
    func straight(_ unpremultiply: (UInt32) -> UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: pixels.count * 4)
        bytes.withUnsafeMutableBytes { out in
            pixels.withUnsafeBufferPointer { words in
                for i in words.indices { out.storeBytes(of: unpremultiply(words[i]).bigEndian, toByteOffset: 4 * i, as: UInt32.self) }
            }
        }
        return bytes
    }
}

/// The input's bytes, then a deterministic continuation flag: `exhausted` tells the painter to
/// finish with repeats (so short fuzz inputs still give whole, flat images).
private struct ByteSource {
    private let bytes: [UInt8]
    private var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var exhausted: Bool { index >= bytes.count }
    mutating func next() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }
}
