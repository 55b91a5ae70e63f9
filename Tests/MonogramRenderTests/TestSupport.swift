import MonogramCore
import Testing
@testable import MonogramRender

/// Shared fixtures: the repository's own masks, pinned fonts, fixed colours.
enum Fixture {
    /// The repository root, found from this file's path (tests run from anywhere).
    static let repositoryRoot: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/MonogramRenderTests/TestSupport.swift
        return parts.joined(separator: "/")
    }()

    static let masksDirectory = repositoryRoot + "/config/masks"

    static let renderer: Renderer = {
        do {
            return try Renderer(configuration: RendererConfiguration(masksDirectory: masksDirectory))
        } catch {
            fatalError("cannot load the repository masks: \(error)")
        }
    }()

    /// Pinned so goldens do not change with the machine's default font; other scripts come
    /// from the Noto fonts through fontconfig fallback.
    static let fontFamily = "DejaVu Sans"
    static let background = RGBA(red: 0x2E, green: 0x6B, blue: 0xC6)
    static let shapes: [Shape] = [.square, .circle, .rounded(radius: 0.25), .mask(name: "squircle")]

    static func spec(
        _ text: String?, size: Int = 128, shape: Shape = .square, background: RGBA = background,
        foreground: RGBA = .white, fontScale: Double = 0.5, bold: Bool = true
    ) -> AvatarSpec {
        AvatarSpec(
            pixelSize: size, shape: shape, background: background, foreground: foreground,
            content: text.map { .initials($0) } ?? .placeholder, fontFamily: fontFamily, bold: bold,
            fontScale: fontScale)
    }

    static func renderPNG(_ spec: AvatarSpec) throws -> RGBAImage {
        try PNGCodec.decode(renderer.render(spec, format: .png))
    }
}

/// Names in the twelve scripts the contract promises, as initials.
struct ScriptSample: Sendable, CustomTestStringConvertible {
    var name: String
    var initials: String
    var testDescription: String { name }

    static let all: [ScriptSample] = [
        .init(name: "latin", initials: "JR"), .init(name: "cyrillic", initials: "ИП"),
        .init(name: "greek", initials: "ΓΠ"), .init(name: "arabic", initials: "سع"),
        .init(name: "hebrew", initials: "דכ"), .init(name: "devanagari", initials: "प्र"),
        .init(name: "chinese", initials: "小明"), .init(name: "japanese", initials: "さく"),
        .init(name: "korean", initials: "민준"), .init(name: "thai", initials: "สม"),
        .init(name: "emoji", initials: "👩‍👩‍👧"), .init(name: "flag", initials: "🇫🇷"),
    ]
}

extension RGBAImage {
    /// Bounding box of pixels that differ from `background` by more than `threshold` in any
    /// channel: where the text's ink landed.
    func inkBounds(against background: RGBA, threshold: Int = 40) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)? = nil
        for y in 0..<height {
            for x in 0..<width {
                let p = self[x, y]
                guard p.alpha > 0 else { continue }
                let d = max(
                    abs(Int(p.red) - Int(background.red)), abs(Int(p.green) - Int(background.green)),
                    abs(Int(p.blue) - Int(background.blue)))
                guard d > threshold else { continue }
                if let b = bounds {
                    bounds = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y))
                } else {
                    bounds = (x, y, x, y)
                }
            }
        }
        return bounds
    }
}
