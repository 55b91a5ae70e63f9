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

    @Test("docs/contact-sheet.png shows what the renderer draws now (rewritten under RECORD_GOLDENS=1)")
    func contactSheet() throws {
        let rows = try ScriptSample.all.map { try Self.strip($0.initials) } + [Self.strip(nil)]
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
