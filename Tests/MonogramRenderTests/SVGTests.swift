import MonogramCore
import Testing
@testable import MonogramRender

@Suite("SVG")
struct SVGTests {
    static func svg(_ spec: AvatarSpec) throws -> String {
        String(decoding: try Fixture.renderer.render(spec, format: .svg), as: UTF8.self)
    }

    @Test("is an SVG document in px with glyphs as paths and no fonts", arguments: ["JR", "小明", "سع"])
    func glyphsAsPaths(_ text: String) throws {
        let svg = try Self.svg(Fixture.spec(text, shape: .circle))
        #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"))
        #expect(svg.contains("<path"))
        #expect(!svg.contains("<text") && !svg.contains("font-family") && !svg.contains("@font-face"))
        #expect(svg.contains("width=\"128px\"") || svg.contains("width=\"128\""))
    }

    @Test("circle and mask shapes clip or mask the drawing")
    func shapes() throws {
        #expect(try Self.svg(Fixture.spec("A", shape: .circle)).contains("clip"))
        #expect(try Self.svg(Fixture.spec("A", shape: .mask(name: "squircle"))).contains("mask"))
    }

    @Test("the placeholder is vector paths too")
    func placeholder() throws {
        let svg = try Self.svg(Fixture.spec(nil))
        #expect(svg.contains("<path"))
        #expect(svg.hasSuffix("</svg>\n") || svg.hasSuffix("</svg>"))
    }
}
