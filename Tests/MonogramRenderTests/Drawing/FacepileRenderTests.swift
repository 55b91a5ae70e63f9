import Foundation
import MonogramCore
import Testing
@testable import MonogramRender

/// New goldens of API §10 (the existing ones are unchanged): right-to-left rows, the `99+`
/// bubble, gradients and the accessible palette.
struct FacepileGolden: Sendable, CustomTestStringConvertible {
    var name: String
    var names: [String]
    var query: String
    var testDescription: String { name }

    static let all: [FacepileGolden] = [
        .init(name: "group-rtl", names: ["Jane Roe", "John Smith", "Ann Lee", "Bob Stone", "Kim"], query: "more=1&dir=rtl&dpr=2"),
        .init(name: "group-total-99plus", names: ["Jane Roe", "John Smith", "Ann Lee"], query: "more=1&total=2340&dpr=2"),
        .init(name: "group-total-plus", names: ["Jane Roe", "John Smith", "Ann Lee"], query: "more=1&total=42&max=2&dpr=2"),
        .init(name: "group-gradient-accessible", names: ["Jane Roe", "John Smith", "Ann Lee", "Bob Stone"],
              query: "gradient=1&palette=accessible&distinct=1&max=4&dpr=2"),
    ]
}

@Suite("facepiles, gradients and SVG documents (API §10)")
struct FacepileRenderTests {
    @Test("new group rows match their goldens", arguments: FacepileGolden.all)
    func golden(_ row: FacepileGolden) throws {
        let image = try GroupFixture.render(GroupFixture.resolved(row.names, row.query))
        try GoldenImage.check(image, named: row.name)
    }

    @Test("a gradient avatar matches its golden")
    func gradientGolden() throws {
        var options = AvatarOptions()
        (options.gradient, options.shape, options.size) = (true, .circle, 96)
        let spec = GroupFixture.resolver.resolve(name: "Jane Roe", options: options).spec
        try GoldenImage.check(try Fixture.renderPNG(spec), named: "gradient-jane-roe")
    }

    /// The pictures in README and docs/group.md, drawn with the shipped configuration's font and
    /// weight so they look like what the service answers for the URLs shown beside them.
    @Test("the docs' facepile pictures are written (docs/examples/ under RECORD_GOLDENS=1)")
    func docsExamples() throws {
        let resolver = AvatarResolver(palette: .default, defaultFont: "Noto Sans", defaultBold: false)
        let examples: [(file: String, names: [String], query: String)] = [
            ("group-total", ["Jane Roe", "John Smith", "Ann Lee"], "size=64&dpr=2&more=true&total=2340"),
            ("group-rtl", ["Jane Roe", "John Smith", "Ann Lee", "Bob Stone", "Kim"], "size=64&dpr=2&more=true&dir=rtl"),
            ("group-gradient-accessible", ["Jane Roe", "John Smith", "Ann Lee", "Bob Stone"],
             "size=64&dpr=2&max=4&palette=accessible&distinct=true&gradient=true"),
        ]
        for example in examples {
            let options = try GroupOptions(query: QueryString.parse(example.query), limits: OptionLimits(), nameCount: example.names.count)
            let image = try GroupFixture.render(resolver.resolve(names: example.names, options: options).spec)
            #expect(image.height == 128)
            if GoldenImage.isRecording {
                try GoldenImage.write(image, to: Fixture.repositoryRoot + "/docs/examples/\(example.file).png")
            }
        }
        var single = AvatarOptions()
        (single.size, single.shape, single.gradient) = (96, .circle, true)
        let face = try Fixture.renderPNG(resolver.resolve(name: "Jane Roe", options: single).spec)
        if GoldenImage.isRecording { try GoldenImage.write(face, to: Fixture.repositoryRoot + "/docs/examples/gradient-jane-roe.png") }
    }

    @Test("dir=rtl draws the left-to-right row mirrored: the first face rightmost and on top")
    func mirrored() throws {
        for knockOut in [false, true] {
            let ring: RGBA = knockOut ? .transparent : .white
            let ltr = GroupFixture.plain(4, ring: ring)
            var rtl = ltr
            let layout = ltr.layout
            rtl.layout = GroupLayout(side: layout.side, step: layout.step, border: layout.border, slots: layout.slots, rightToLeft: true)
            let left = try GroupFixture.render(ltr), right = try GroupFixture.render(rtl)
            #expect(left.width == right.width && left.height == right.height)
            var differing = 0
            for y in 0..<left.height {
                for x in 0..<left.width {
                    let a = left[x, y], b = right[left.width - 1 - x, y]
                    let close = [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)].allSatisfy { abs(Int($0) - Int($1)) <= 48 }
                    if !close { differing += 1 }
                }
            }
            // Cairo's anti-aliasing of an arc is not exactly mirror-symmetric: edge pixels differ a
            // little; a face in the wrong place or order would differ by thousands.
            #expect(differing <= left.width * left.height / 100, "\(differing) pixels differ from the mirror")
            // Face 0 (red) covers where it overlaps face 1: just left of its own left edge's ring.
            let firstLeft = right.width - layout.side
            expectPixel(right, firstLeft + layout.side / 2, layout.side / 2, is: GroupFixture.colours[0])
            expectPixel(right, firstLeft + layout.border + 6, layout.side / 2, is: GroupFixture.colours[0])
        }
    }

    @Test("the 99+ bubble: its ink stays inside its face")
    func ninetyNinePlus() throws {
        let spec = try GroupFixture.resolved(["a", "b"], "more=1&total=1000000&max=2&size=40&dpr=2")
        #expect(spec.bubble?.content == .initials("99+"))
        let image = try GroupFixture.render(spec)
        let left = spec.layout.left(ofSlot: 2), side = spec.layout.side
        var ink = 0
        for y in 0..<side {
            for x in left..<(left + side) {
                let p = image[x, y]
                let dx = Double(x - left) + 0.5 - Double(side) / 2, dy = Double(y) + 0.5 - Double(side) / 2
                let inside = (dx * dx + dy * dy).squareRoot() < Double(side) / 2 - Double(spec.layout.border) - 1
                // The text is white on the grey bubble: no white ink past the inner circle,
                // where only the (white) ring is, so look at the bubble's inner disc.
                if inside, p.red > 200, p.green > 200 { ink += 1 }
            }
        }
        #expect(ink > 20)
    }

    @Test("gradient backgrounds keep 4.5:1 with the text at every pixel (PNG), dark and light colours")
    func gradientPixels() throws {
        for hex in ["C62828", "FFEB3B", "777777", "00FFFF", "1565C0"] {
            var options = AvatarOptions()
            options.gradient = true
            options.palette = .colors([RGBA(hex: hex)!, RGBA(hex: hex)!])
            options.initials = " "
            for name in ["Jane Roe", "Sam Lee", "Kim"] {
                let spec = GroupFixture.resolver.resolve(name: name, options: options).spec
                let gradient = try #require(spec.gradient)
                let image = try Fixture.renderPNG(spec)
                var lightest = 0.0, darkest = 1.0
                for y in stride(from: 0, to: image.height, by: 3) {
                    for x in stride(from: 0, to: image.width, by: 3) {
                        let p = image[x, y]
                        let colour = RGBA(red: p.red, green: p.green, blue: p.blue)
                        #expect(Contrast.ratio(colour, spec.foreground) >= 4.5, "\(hex) \(name) at \(x),\(y)")
                        lightest = max(lightest, Contrast.relativeLuminance(colour))
                        darkest = min(darkest, Contrast.relativeLuminance(colour))
                    }
                }
                // It is a gradient: both ends appear (the corners along its angle).
                if gradient.start != gradient.end { #expect(lightest > darkest) }
            }
        }
    }

    @Test("SVG: role=img, an escaped title, every id and reference prefixed")
    func svgDocument() throws {
        var options = AvatarOptions()
        (options.shape, options.gradient) = (.circle, true)
        let spec = GroupFixture.resolver.resolve(name: "Jane Roe", options: options).spec
        let document = SVGDocument(title: "Jane & <Roe> \u{1}", idPrefix: SVGDocument.prefix(hash: 0xABCDEF))
        let svg = String(decoding: try Fixture.renderer.render(spec, format: .svg, document: document), as: UTF8.self)
        #expect(document.idPrefix == "m0000abcdef-")
        #expect(svg.contains(#" role="img">"#))
        #expect(svg.contains("<title>Jane &amp; &lt;Roe&gt; \u{FFFD}</title>"))
        let ids = matches(of: #" id="([^"]+)""#, in: svg)
        #expect(!ids.isEmpty && ids.allSatisfy { $0.hasPrefix("m0000abcdef-") }, "\(ids)")
        let references = matches(of: #"#([A-Za-z][A-Za-z0-9_.-]*)[")]"#, in: svg)
        #expect(!references.isEmpty)
        for reference in references { #expect(ids.contains(reference), "\(reference) has no element") }
        #expect(svg.contains("linearGradient"))
        let plain = String(decoding: try Fixture.renderer.render(spec, format: .svg), as: UTF8.self)
        #expect(!plain.contains("<title>") && !plain.contains("m0000abcdef"))
    }

    @Test("SVG ids: only ids defined in the document and references to them get the prefix")
    func prefixRule() {
        let svg = ##"<svg a="1"><clipPath id="clip1"/><g clip-path="url(#clip1)"><use xlink:href="#glyph0-1"/><path fill="#ABCDEF" d="M0"/></g></svg>"##
        let out = String(decoding: SVGAnnotation.apply(SVGDocument(title: "A\u{FFFE}<b>", idPrefix: "p-"), to: Array(svg.utf8)), as: UTF8.self)
        #expect(out == #"<svg a="1" role="img">"# + "\n<title>A\u{FFFD}&lt;b&gt;</title>"
            + ##"<clipPath id="p-clip1"/><g clip-path="url(#p-clip1)"><use xlink:href="#glyph0-1"/><path fill="#ABCDEF" d="M0"/></g></svg>"##)
    }

    @Test("SVG theme=auto: the dark-scheme classes carry the prefix too")
    func svgClasses() throws {
        var options = AvatarOptions()
        (options.theme, options.format) = (.auto, .svg)
        let spec = GroupFixture.resolver.resolve(name: "Jane Roe", options: options).spec
        let svg = String(decoding: try Fixture.renderer.render(spec, format: .svg, document: SVGDocument(idPrefix: "m1-")), as: UTF8.self)
        #expect(svg.contains(#"class="m1-m0""#) && svg.contains(".m1-m0{fill:"))
        #expect(!svg.contains(#"class="m0""#))
    }

    private func matches(of pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }
}
