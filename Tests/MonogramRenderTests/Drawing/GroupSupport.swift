import MonogramCore
import Testing
@testable import MonogramRender

/// Groups for the render tests: either resolved from a query like the service does, or built
/// from plain faces of known colours so a pixel's colour tells which face it belongs to.
enum GroupFixture {
    static let resolver = AvatarResolver(palette: .default, defaultFont: Fixture.fontFamily, defaultBold: true)

    /// Distinct, easily told apart face colours (slot 0 red, 1 green, 2 blue, …).
    static let colours = [
        RGBA(red: 0xC6, green: 0x28, blue: 0x28), RGBA(red: 0x2E, green: 0x7D, blue: 0x32),
        RGBA(red: 0x15, green: 0x65, blue: 0xC0), RGBA(red: 0x6A, green: 0x1B, blue: 0x9A),
        RGBA(red: 0xEF, green: 0x6C, blue: 0x00),
    ]

    /// The group the service would draw for `names` and `query`.
    static func resolved(_ names: [String], _ query: String = "") throws -> GroupSpec {
        let options = try GroupOptions(query: QueryString.parse(query), limits: OptionLimits(), nameCount: names.count)
        return resolver.resolve(names: names, options: options).spec
    }

    /// `count` faces with no ink (a space) in `colours`, so every pixel is background or ring.
    static func plain(
        _ count: Int, size: Int = 64, overlap: Double = 0.3, border: Int = 4, ring: RGBA = .white,
        shape: Shape = .circle
    ) -> GroupSpec {
        let layout = GroupLayout(size: size, dpr: 1, overlap: overlap, border: border, slots: count)
        let faces = (0..<count).map { Fixture.spec(" ", size: layout.side, shape: shape, background: colours[$0 % colours.count]) }
        return GroupSpec(faces: faces, bubble: nil, layout: layout, shape: shape, ring: ring)
    }

    static func render(_ spec: GroupSpec) throws -> RGBAImage {
        try PNGCodec.decode(Fixture.renderer.renderGroup(spec, format: .png))
    }

    static func svg(_ spec: GroupSpec) throws -> String {
        String(decoding: try Fixture.renderer.renderGroup(spec, format: .svg), as: UTF8.self)
    }
}

/// Expects the pixel to be `colour`, opaque, within `tolerance` per channel; a failure names
/// the pixel instead of printing the whole image.
func expectPixel(
    _ image: RGBAImage, _ x: Int, _ y: Int, is colour: RGBA, tolerance: Int = 2,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let p = image[x, y]
    let close = [(p.red, colour.red), (p.green, colour.green), (p.blue, colour.blue)]
        .allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    if p.alpha != 255 || !close {
        Issue.record("pixel (\(x), \(y)) is \(p), expected \(colour.hex)", sourceLocation: sourceLocation)
    }
}

func expectAlpha(_ image: RGBAImage, _ x: Int, _ y: Int, _ alpha: UInt8, sourceLocation: SourceLocation = #_sourceLocation) {
    let p = image[x, y]
    if p.alpha != alpha {
        Issue.record("pixel (\(x), \(y)) has alpha \(p.alpha), expected \(alpha)", sourceLocation: sourceLocation)
    }
}
