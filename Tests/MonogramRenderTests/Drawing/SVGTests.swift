import Foundation
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

    @Test("theme=auto: the light fills get classes and one media query switches them to the dark colours")
    func autoScheme() throws {
        let dark = FaceColors(background: RGBA(red: 0x11, green: 0x22, blue: 0x33), foreground: RGBA(red: 0xEE, green: 0xEE, blue: 0xEE))
        var spec = Fixture.spec("JR", shape: .circle)
        let plain = try Self.svg(spec)
        spec.darkVariant = dark
        let svg = try Self.svg(spec)
        #expect(!plain.contains("<style") && !plain.contains("class="))
        #expect(svg.contains("<style>@media (prefers-color-scheme: dark){.m0{fill:#112233!important}.m1{fill:#EEEEEE!important}}</style>"))
        // The background rect and the glyph group each carry their class next to the light fill.
        #expect(svg.contains("class=\"m0\" style=\"fill:rgb(18.039216%,41.960784%,77.647059%)"))
        #expect(svg.contains("class=\"m1\" style=\"fill:rgb(100%,100%,100%)"))
        // Still exactly one SVG root, the style inside it.
        #expect(svg.components(separatedBy: "<svg").count == 2)
        #expect(svg.range(of: "<style")!.lowerBound > svg.range(of: "<svg")!.lowerBound)
    }

    @Test("cairo's percentage fills read back as the 8-bit colours that were set", arguments: [
        ("fill:rgb(47.45098%,33.333333%,28.235294%);fill-opacity:1;", RGBA(red: 0x79, green: 0x55, blue: 0x48)),
        ("stroke:none;fill:rgb(100%,100%,100%)", RGBA.white),
        ("fill:rgb(0%,0%,0%)", RGBA(red: 0, green: 0, blue: 0)),
    ])
    func fillParsing(_ style: String, _ colour: RGBA) {
        #expect(SVGColorScheme.fill(in: style) == colour)
    }

    @Test("malformed fills are not colours", arguments: ["fill:rgb(1%,2%)", "fill:rgb(101%,0%,0%)", "fill:none", "fill:rgb(a%,b%,c%)", "fill:rgb(1%,2%,3%"])
    func malformedFills(_ style: String) {
        #expect(SVGColorScheme.fill(in: style) == nil)
    }

    @Test("the placeholder is vector paths too")
    func placeholder() throws {
        let svg = try Self.svg(Fixture.spec(nil))
        #expect(svg.contains("<path"))
        #expect(svg.hasSuffix("</svg>\n") || svg.hasSuffix("</svg>"))
    }
}
