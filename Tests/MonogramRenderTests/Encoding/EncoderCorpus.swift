import MonogramCore
@testable import MonogramRender

/// Avatars the encoders are checked on: names in several scripts (flat and emoji colours),
/// every shape, the sizes lists use most and a few large ones, dpr 1 and 2 (via pixel size).
enum EncoderCorpus {
    struct Case: Sendable, CustomStringConvertible {
        var label: String
        var spec: AvatarSpec
        var description: String { label }
    }

    static let texts: [String?] = ["JR", "小明", "👩‍👩‍👧", "W", nil]
    static let pixelSizes = [16, 32, 64, 128, 256] // 128 at dpr 2 is 256
    static let colours = [Fixture.background, RGBA(red: 0xF4, green: 0xC4, blue: 0x30), RGBA(red: 0x20, green: 0x20, blue: 0x20)]

    static let cases: [Case] = {
        var cases: [Case] = []
        for (t, text) in texts.enumerated() {
            for shape in Fixture.shapes {
                for size in pixelSizes {
                    let colour = colours[(t + size) % colours.count]
                    cases.append(Case(
                        label: "\(text ?? "placeholder") \(shape) \(size)px",
                        spec: Fixture.spec(text, size: size, shape: shape, background: colour)))
                }
            }
        }
        // Large sizes: fewer, they are slow in debug builds.
        for size in [512, 1024] {
            cases.append(Case(label: "JR circle \(size)px", spec: Fixture.spec("JR", size: size, shape: .circle)))
            cases.append(Case(label: "JR square \(size)px", spec: Fixture.spec("JR", size: size)))
        }
        // A photo-like picture (smooth gradients plus noise): not runs, so the writer falls back
        // to libdeflate, which must also stay within libpng's bytes.
        for (side, shape) in [(128, Shape.circle), (256, .square)] {
            var state: UInt32 = 12345
            let pixels = (0..<side * side).map { i -> UInt32 in
                state = state &* 1_103_515_245 &+ 12345
                let noise = (state >> 16) & 0x0F, x = UInt32(i % side), y = UInt32(i / side)
                let r = (x * 255 / UInt32(side) + noise) & 0xFF, g = (y * 255 / UInt32(side) + noise) & 0xFF
                return 0xFF00_0000 | r << 16 | g << 8 | 0x80
            }
            var spec = Fixture.spec("JR", size: side, shape: shape)
            spec.content = .picture(PictureBitmap(side: side, pixels: pixels))
            cases.append(Case(label: "picture \(shape) \(side)px", spec: spec))
        }
        return cases
    }()

    /// Mean absolute difference per channel (0…255) between two images of one size.
    static func meanChannelDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0
        for i in 0..<a.pixels.count { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        return Double(total) / Double(a.pixels.count)
    }
}
