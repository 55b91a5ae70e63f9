import MonogramCore
import Testing
@testable import MonogramRender

/// Attacks on text drawn without the outline's clip (`showClippedByOutline`): seeded random
/// faces with text whose ink is hard to predict (stacked marks, scripts from fallback fonts
/// that may be emboldened synthetically, very wide or tall glyphs, symbols, bidi controls)
/// must give byte for byte the pixels the clip gives, on memory that was never cleared.
@Suite("attack: unclipped text against the clip")
struct AttackUnclippedTextTests {
    static let texts = [
        "Z̴̢̛̗̣̜̲͈̅̈́̾͗a̷͙͇̿", "ဤ", "ཀྵྐྵ", "𒀱𒀱", "𓀀𓁐", "ꦄꦏ", "ᠮᠣ", "ሰላ", "ჯრ", "ԱԲ", "ꓟꓡ", "ⴰⵣ", "ᏣᎳ",
        "ஸ்ரீ", "ශ්‍රී", "ক্ষ", "ញុំ", "ຫຼ", "ॐ", "∑∫", "♫𝄞", "ﷺ", "﷽", "Å\u{30A}\u{30A}\u{30A}", "i̇̇", "fj", "ffi", "TT",
        "\u{202E}JR", "J\u{200D}R", "W\u{0338}", "g\u{0327}y", "ÆŒ", "ʬʭ", "ℳℵ", "𝕁ℝ", "Ꙭ", "ꙮ", "𝒥𝓇",
    ]
    static let families = ["DejaVu Sans", "Noto Sans", "Noto Serif", "DejaVu Serif", "DejaVu Sans Mono"]

    /// xorshift: the same faces on every run.
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    @Test(
        "synthetically emboldened fallback fonts and overlapping glyphs of two runs give the clip's pixels",
        arguments: [
            ("ᠮ", "DejaVu Serif", 128), ("ᠮᠣ", "Noto Sans", 200), ("𒀱𒀱", "DejaVu Sans", 96),
            ("Z\u{344}", "DejaVu Serif", 40), ("Z\u{344}", "DejaVu Sans Mono", 40), ("Z\u{357}", "Noto Serif", 48),
        ])
    func knownMismatches(_ text: String, _ family: String, _ side: Int) throws {
        var spec = Fixture.spec(text, size: side, shape: .circle, fontScale: 0.5, bold: true)
        spec.fontFamily = family
        let (clipped, unclipped) = try UnclippedDrawingTests.bothWays(spec, cache: OutlineCoverageCache())
        #expect(clipped == unclipped)
    }

    /// Not fixed: a glyph whose image reaches a pixel past cairo's own box for it (faint ink,
    /// a level or two, beside a wide bold fallback glyph) keeps that pixel unclipped, and the
    /// clip, whose mask is bounded by the boxes, drops it. The unclipped pixel is the truer;
    /// matching the clip would mean re-deriving cairo's private glyph boxes.
    @Test("a glyph reaching past cairo's box for it: one faint pixel differs (known)", arguments: [("﷽", 96, 0.45), ("ᏣᎳ", 128, 0.05)])
    func glyphPastItsBox(_ text: String, _ side: Int, _ scale: Double) throws {
        var spec = Fixture.spec(text, size: side, shape: .circle, fontScale: scale, bold: true)
        spec.fontFamily = text == "﷽" ? "DejaVu Sans" : "DejaVu Serif"
        let (clipped, unclipped) = try UnclippedDrawingTests.bothWays(spec, cache: OutlineCoverageCache())
        let differing = stride(from: 0, to: clipped.count, by: 4).filter { clipped[$0..<$0 + 4] != unclipped[$0..<$0 + 4] }.count
        #expect(differing <= 1)
        withKnownIssue("one faint pixel past cairo's glyph box") { #expect(clipped == unclipped) }
    }

    @Test("seeded random faces give the clip's pixels", arguments: 0..<4)
    func randomFaces(_ seed: Int) throws {
        var random = Seeded(state: 0x9E37_79B9_7F4A_7C15 &+ UInt64(seed) &* 0x1000_0001)
        let cache = OutlineCoverageCache()
        var mismatches: [String] = []
        for _ in 0..<60 {
            let text = Self.texts[random.next(Self.texts.count)]
            let side = [random.next(40) + 1, random.next(300) + 1, 96, 128][random.next(4)]
            let shape: Shape = random.next(3) == 0 ? .circle : .rounded(radius: Double(random.next(5001)) / 10_000)
            let background = RGBA(
                red: UInt8(random.next(256)), green: UInt8(random.next(256)), blue: UInt8(random.next(256)),
                alpha: [255, 255, 255, 0, 0x80][random.next(5)])
            let foreground = RGBA(
                red: UInt8(random.next(256)), green: UInt8(random.next(256)), blue: UInt8(random.next(256)),
                alpha: [255, 255, 0x99, 1][random.next(4)])
            var spec = Fixture.spec(
                text, size: side, shape: shape, background: background, foreground: foreground,
                fontScale: [0.05, 0.3, 0.45, 0.5, 0.72, 1.0][random.next(6)], bold: random.next(2) == 0)
            spec.fontFamily = Self.families[random.next(Self.families.count)]
            let (clipped, unclipped) = try UnclippedDrawingTests.bothWays(spec, cache: cache)
            if clipped != unclipped {
                mismatches.append("\(text) \(side)px \(shape) \(spec.fontFamily) bold \(spec.bold) scale \(spec.fontScale)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "; "))")
    }
}
