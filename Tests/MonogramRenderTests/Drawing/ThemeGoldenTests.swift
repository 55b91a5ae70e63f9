import Foundation
import MonogramCore
import Testing
@testable import MonogramRender

/// The themes as a reader sees them: light and dark avatars, and transparent ones, each on a
/// white and on a near-black page.
@Suite("theme golden images")
struct ThemeGoldenTests {
    static let resolver = AvatarResolver(palette: .default, defaultFont: Fixture.fontFamily, defaultBold: true)
    static let darkPage = RGBA(red: 0x12, green: 0x12, blue: 0x12)

    static func face(_ name: String, _ query: String) throws -> RGBAImage {
        var options = try AvatarOptions(query: QueryString.parse(query + "&shape=circle"), limits: OptionLimits(fonts: [Fixture.fontFamily]))
        options.font = Fixture.fontFamily
        return try Fixture.renderPNG(resolver.resolve(name: name, options: options).spec)
    }

    /// Light on white, dark on the dark page, transparent on both: one row per name.
    static func row(_ name: String) throws -> RGBAImage {
        let side = 128, gap = 8
        let cells: [(String, RGBA)] = [("", .white), ("theme=dark", darkPage), ("bg=transparent", .white), ("bg=transparent", darkPage)]
        var row = RGBAImage(width: cells.count * (side + 2 * gap), height: side + 2 * gap)
        for (index, cell) in cells.enumerated() {
            var panel = RGBAImage(width: side + 2 * gap, height: side + 2 * gap)
            panel.fill(cell.1)
            panel.composite(try face(name, "size=128&" + cell.0), left: gap, top: gap)
            row.place(panel, left: index * (side + 2 * gap), top: 0)
        }
        return row
    }

    @Test("light, dark and transparent avatars match their golden", arguments: ["Jane Roe", "John Smith", "王小明", ""])
    func themes(_ name: String) throws {
        let label = name.isEmpty ? "placeholder" : name.unicodeScalars.first!.value < 0x80 ? name.replacingOccurrences(of: " ", with: "-").lowercased() : "chinese"
        try GoldenImage.check(Self.row(name), named: "theme-\(label)")
    }

    @Test("the README's themes sheet is written (docs/examples/ under RECORD_GOLDENS=1)")
    func sheet() throws {
        let rows = try ["Jane Roe", "John Smith", "王小明", ""].map(Self.row)
        var sheet = RGBAImage(width: rows[0].width, height: rows.count * rows[0].height)
        for (index, row) in rows.enumerated() { sheet.place(row, left: 0, top: index * row.height) }
        #expect(sheet[4, 4] == (255, 255, 255, 255) && sheet[rows[0].width / 4 + 4, 4] == (0x12, 0x12, 0x12, 255))
        if GoldenImage.isRecording {
            try GoldenImage.write(sheet, to: Fixture.repositoryRoot + "/docs/examples/themes.png")
        }
    }
}

extension RGBAImage {
    mutating func fill(_ colour: RGBA) {
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels.replaceSubrange(i..<i + 4, with: [colour.red, colour.green, colour.blue, colour.alpha])
        }
    }

    /// `other` blended over this image (straight alpha, "over"), top-left at (`left`, `top`).
    mutating func composite(_ other: RGBAImage, left: Int, top: Int) {
        for y in 0..<other.height where (0..<height).contains(top + y) {
            for x in 0..<other.width where (0..<width).contains(left + x) {
                let p = other[x, y]
                let i = ((top + y) * width + left + x) * 4
                let a = Int(p.alpha)
                for (c, value) in [p.red, p.green, p.blue].enumerated() {
                    pixels[i + c] = UInt8((Int(value) * a + Int(pixels[i + c]) * (255 - a) + 127) / 255)
                }
                pixels[i + 3] = 255
            }
        }
    }
}
