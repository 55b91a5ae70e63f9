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
