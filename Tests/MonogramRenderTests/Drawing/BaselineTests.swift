import MonogramCore
import Testing
@testable import MonogramRender

/// The line sits by the font's metrics (baseline and cap height), not by the ink of the
/// particular letters: an accent, a ring, a stroke or a descender on the first initial does
/// not move the second one, and whatever is stacked on a letter stays inside the shape.
@Suite("baseline")
struct BaselineTests {
    /// Initials of `Émile Zola`/`Emile Zola`, `Jane Roe`/`Erin Roe`, `Åsa Lind`/`Anna Lind`,
    /// `Øystein Holm`/`Otto Holm`.
    static let pairs: [(String, String)] = [("ÉZ", "EZ"), ("JR", "ER"), ("ÅL", "AL"), ("ØH", "OH")]

    static let sizes = [64, 128, 256]

    @Test("the second initial is on the same pixel rows whatever the first one carries",
        arguments: pairs.flatMap { pair in sizes.flatMap { size in Fixture.shapes.map { (pair.0, pair.1, size, $0) } } })
    func secondInitialStays(_ marked: String, _ plain: String, _ size: Int, _ shape: Shape) throws {
        let a = try #require(try secondInitialRows(marked, size: size, shape: shape))
        let b = try #require(try secondInitialRows(plain, size: size, shape: shape))
        #expect(abs(a.top - b.top) <= 1 && abs(a.bottom - b.bottom) <= 1, "\(marked) \(a) vs \(plain) \(b)")
    }

    /// The configured fonts (the default is Noto Sans), regular weight, where metrics differ.
    static let fonts = ["Noto Sans", "Noto Serif", "DejaVu Serif", "DejaVu Sans Mono"]

    @Test("in every configured font too", arguments: fonts)
    func everyFont(_ family: String) throws {
        for (marked, plain) in Self.pairs {
            let a = try #require(try secondInitialRows(marked, size: 128, family: family))
            let b = try #require(try secondInitialRows(plain, size: 128, family: family))
            #expect(abs(a.top - b.top) <= 1 && abs(a.bottom - b.bottom) <= 1, "\(family): \(marked) \(a) vs \(plain) \(b)")
        }
    }

    @Test("capitals are centred by cap height: E's top and bottom straddle the middle", arguments: sizes)
    func capHeightCentred(_ size: Int) throws {
        let image = try Fixture.renderPNG(Fixture.spec("E", size: size))
        let ink = try #require(image.inkBounds(against: Fixture.background))
        let middle = Double(ink.minY + ink.maxY + 1) / 2
        #expect(abs(middle - Double(size) / 2) <= 1, "E rows \(ink.minY)…\(ink.maxY) at \(size)")
    }

    @Test("a descender hangs below the line instead of lifting it", arguments: sizes)
    func descenderHangs(_ size: Int) throws {
        let j = try #require(try firstInitialRows("JR", size: size))
        let e = try #require(try firstInitialRows("ER", size: size))
        #expect(abs(j.top - e.top) <= 1 && j.bottom > e.bottom + size / 32, "J \(j), E \(e)")
    }

    /// Ten marks above or below: far taller than the face at the default font size.
    static let stacks = [
        "E" + String(repeating: "\u{301}", count: 10),
        "A" + String(repeating: "\u{323}", count: 10),
        "O" + String(repeating: "\u{308}", count: 6) + String(repeating: "\u{324}", count: 6),
    ]

    @Test("tall stacks of marks are shrunk until every bit of ink is inside the shape",
        arguments: stacks.flatMap { stack in Fixture.shapes.map { (stack, $0) } })
    func stacksStayInside(_ text: String, _ shape: Shape) throws {
        let image = try Fixture.renderPNG(Fixture.spec(text, size: 128, shape: shape))
        let ink = try #require(image.inkBounds(against: Fixture.background), "something is drawn")
        #expect(ink.maxY - ink.minY > 20)
        // No ink pixel within 2 px of a pixel that is not fully inside the shape: clipped ink
        // would lie right on the outline.
        for y in 0..<image.height {
            for x in 0..<image.width where isInk(image[x, y]) {
                for dy in -2...2 {
                    for dx in -2...2 {
                        let nx = x + dx, ny = y + dy
                        let inside = (0..<image.width).contains(nx) && (0..<image.height).contains(ny) && image[nx, ny].alpha == 255
                        guard inside else {
                            Issue.record("ink at (\(x), \(y)) touches the outline of \(shape)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test("plain initials are not shrunk: a stack is the exception, not the rule")
    func plainInitialsKeepTheirSize() throws {
        let image = try Fixture.renderPNG(Fixture.spec("E", size: 128))
        let ink = try #require(image.inkBounds(against: Fixture.background))
        // DejaVu Sans Bold's cap height is 0.73 em: 46.7 px at a 64 px em.
        #expect((45...48).contains(ink.maxY - ink.minY + 1), "E is \(ink.maxY - ink.minY + 1) px high")
    }

    // MARK: measuring

    private func isInk(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
        p.alpha > 0 && Int(p.red) + Int(p.green) + Int(p.blue) > 3 * 180 // white text on blue
    }

    /// Columns holding ink, split at the first empty column after some ink: the first
    /// initial's band and the second's.
    private func bands(_ image: RGBAImage) -> [ClosedRange<Int>] {
        let columns = (0..<image.width).map { x in (0..<image.height).contains { isInk(image[x, $0]) } }
        var bands: [ClosedRange<Int>] = []
        var start: Int? = nil
        for (x, inked) in columns.enumerated() {
            if inked, start == nil { start = x }
            if !inked, let s = start {
                bands.append(s...(x - 1))
                start = nil
            }
        }
        if let s = start { bands.append(s...(image.width - 1)) }
        return bands
    }

    private func rows(in band: ClosedRange<Int>, of image: RGBAImage) -> (top: Int, bottom: Int)? {
        let inked = (0..<image.height).filter { y in band.contains { isInk(image[$0, y]) } }
        guard let top = inked.first, let bottom = inked.last else { return nil }
        return (top, bottom)
    }

    private func secondInitialRows(
        _ text: String, size: Int, shape: Shape = .square, family: String = Fixture.fontFamily
    ) throws -> (top: Int, bottom: Int)? {
        var spec = Fixture.spec(text, size: size, shape: shape, bold: family == Fixture.fontFamily)
        spec.fontFamily = family
        let image = try Fixture.renderPNG(spec)
        let found = bands(image)
        guard found.count >= 2 else { return nil }
        return rows(in: found[1].lowerBound...found[found.count - 1].upperBound, of: image)
    }

    private func firstInitialRows(_ text: String, size: Int) throws -> (top: Int, bottom: Int)? {
        let image = try Fixture.renderPNG(Fixture.spec(text, size: size))
        guard let first = bands(image).first else { return nil }
        return rows(in: first, of: image)
    }
}
