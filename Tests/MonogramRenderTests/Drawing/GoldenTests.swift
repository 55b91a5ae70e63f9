import Foundation
import MonogramCore
import Testing
@testable import MonogramRender

/// Every script × every shape at 128 px (a 64 px avatar at dpr 2), one golden strip per script.
@Suite("golden images")
struct GoldenTests {
    /// A strip of the four shapes side by side, 8 px apart.
    static func strip(_ content: String?) throws -> RGBAImage {
        let side = 128, gap = 8
        var strip = RGBAImage(width: Fixture.shapes.count * (side + gap) - gap, height: side)
        for (column, shape) in Fixture.shapes.enumerated() {
            let face = try Fixture.renderPNG(Fixture.spec(content, size: side, shape: shape))
            strip.place(face, left: column * (side + gap), top: 0)
        }
        return strip
    }

    @Test("initials in each script match their golden", arguments: ScriptSample.all)
    func script(_ sample: ScriptSample) throws {
        try GoldenImage.check(Self.strip(sample.initials), named: "script-\(sample.name)")
    }

    @Test("the placeholder silhouette matches its golden")
    func placeholder() throws {
        try GoldenImage.check(Self.strip(nil), named: "placeholder")
    }

    /// API §10 on the contact sheet: a `99+` row beside a gradient face, and a right-to-left,
    /// distinct, accessible-palette row beside a one-off palette's light colour (dark text).
    static func facepileRows() throws -> [RGBAImage] {
        let width = try strip(nil).width
        func row(_ group: RGBAImage, _ face: RGBAImage) -> RGBAImage {
            var row = RGBAImage(width: width, height: 128)
            row.place(group, left: 0, top: 0)
            row.place(face, left: width - face.width, top: 0)
            return row
        }
        func face(_ query: String) throws -> RGBAImage {
            let options = try AvatarOptions(query: QueryString.parse(query), limits: OptionLimits())
            return try Fixture.renderPNG(GroupFixture.resolver.resolve(name: "Jane Roe", options: options).spec)
        }
        let total = try GroupFixture.render(GroupFixture.resolved(["Jane Roe", "John Smith", "Ann Lee"], "more=1&total=2340&dpr=2"))
        let rtl = try GroupFixture.render(GroupFixture.resolved(
            ["Jane Roe", "John Smith", "Ann Lee", "Bob Stone", "Kim"], "more=1&dir=rtl&dpr=2&palette=accessible&distinct=1"))
        return [
            row(total, try face("size=128&shape=circle&gradient=1")),
            row(rtl, try face("size=128&shape=rounded&colors=FFEB3B,FFD54F&gradient=1")),
        ]
    }

    @Test("docs/contact-sheet.png shows what the renderer draws now (rewritten under RECORD_GOLDENS=1)")
    func contactSheet() throws {
        let rows = try ScriptSample.all.map { try Self.strip($0.initials) } + [Self.strip(nil)] + Self.facepileRows()
        let gap = 8, margin = 16
        var sheet = RGBAImage(
            width: rows[0].width + 2 * margin, height: rows.count * (rows[0].height + gap) - gap + 2 * margin)
        for (index, row) in rows.enumerated() {
            sheet.place(row, left: margin, top: margin + index * (row.height + gap))
        }
        try GoldenImage.write(sheet, to: GoldenImage.failuresDirectory + "/../MonogramContactSheet.png")
        if GoldenImage.isRecording {
            try GoldenImage.write(sheet, to: Fixture.repositoryRoot + "/docs/contact-sheet.png")
        }
        guard !GoldenImage.isRecording else { return }
        // The sheet in the docs must be today's drawing, within the goldens' tolerance.
        let documented = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixture.repositoryRoot + "/docs/contact-sheet.png"))))
        #expect(documented.width == sheet.width && documented.height == sheet.height)
        guard documented.width == sheet.width, documented.height == sheet.height else { return }
        let (differing, _) = GoldenImage.compare(sheet, documented)
        #expect(differing <= Int(Double(sheet.width * sheet.height) * GoldenImage.differingPixelBudget))
    }
}
