import Testing
@testable import MonogramCore

/// One row of the table in docs/colours.md; both must change together (and never should).
struct Vector: Sendable, CustomTestStringConvertible {
    let key: String
    let hash: UInt64
    let index: Int
    let hex: String
    init(_ key: String, _ hash: UInt64, _ index: Int, _ hex: String) {
        (self.key, self.hash, self.index, self.hex) = (key, hash, index, hex)
    }
    var testDescription: String { "\"\(key)\"" }
}

/// Deterministic keys for the property tests, so a failure reproduces.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

@Suite("Colours")
struct ColorTests {
    static let vectors: [Vector] = [
        Vector("Jane Roe", 0x90b97cbe1ae53953, 3, "#795548"),
        Vector("jane roe", 0x90b97cbe1ae53953, 3, "#795548"),
        Vector("JANE ROE", 0x90b97cbe1ae53953, 3, "#795548"),
        Vector("JANE roe", 0x90b97cbe1ae53953, 3, "#795548"),
        Vector("jane ROE", 0x90b97cbe1ae53953, 3, "#795548"),
        Vector("John Smith", 0x6bf47e53c5edec47, 11, "#303F9F"),
        Vector("jane.roe@example.com", 0xc09e6420a6833fb4, 12, "#512DA8"),
        Vector("Jane.Roe@Example.com", 0xc09e6420a6833fb4, 12, "#512DA8"),
        Vector("Zo\u{EB}", 0xedf0b66119ba3f9c, 16, "#9F1239"),
        Vector("Zoe\u{308}", 0xedf0b66119ba3f9c, 16, "#9F1239"),
        Vector("ZO\u{CB}", 0xedf0b66119ba3f9c, 16, "#9F1239"),
        Vector("\u{738B}\u{5C0F}\u{660E}", 0xe9c935e69303e623, 7, "#00796B"),
        Vector("\u{AE40}\u{BBFC}\u{C900}", 0xf8e0b8cd7d91b722, 18, "#616161"),
        Vector("\u{41C}\u{430}\u{440}\u{438}\u{44F} \u{418}\u{432}\u{430}\u{43D}\u{43E}\u{432}\u{430}", 0xf8713c900fb4fb9d, 13, "#7B1FA2"),
        Vector("\u{41C}\u{410}\u{420}\u{418}\u{42F} \u{418}\u{412}\u{410}\u{41D}\u{41E}\u{412}\u{410}", 0xf8713c900fb4fb9d, 13, "#7B1FA2"),
        Vector("\u{39F}\u{394}\u{39F}\u{3A3}", 0x1ebccfaeabfb2cb1, 17, "#546E7A"),
        Vector("\u{3BF}\u{3B4}\u{3BF}\u{3C2}", 0x1ebccfaeabfb2cb1, 17, "#546E7A"),
        Vector("\u{391}\u{3BB}\u{3AD}\u{3BE}\u{3B7}\u{3C2}", 0x8b3baeb94883db9b, 19, "#37474F"),
        Vector("\u{645}\u{62D}\u{645}\u{62F} \u{639}\u{644}\u{64A}", 0xf0a0d550c34dfb78, 16, "#9F1239"),
        Vector("\u{5D3}\u{5D5}\u{5D3} \u{5DC}\u{5D5}\u{5D9}", 0x75b41bec9751b7ec, 16, "#9F1239"),
        Vector("\u{905}\u{92E}\u{93F}\u{924} \u{936}\u{930}\u{94D}\u{92E}\u{93E}", 0x20024a1abd9f7351, 13, "#7B1FA2"),
        Vector("\u{E2A}\u{E21}\u{E0A}\u{E32}\u{E22}", 0x809837585deffa76, 18, "#616161"),
        Vector("Jos\u{E9} Garc\u{ED}a", 0x316e7c935373c321, 1, "#C2410C"),
        Vector("\u{C6}gir", 0xeecd28d3c990e63e, 6, "#2E7D32"),
        Vector("\u{130}stanbul", 0xb3c0fa3d0d84731c, 0, "#C62828"),
        Vector("\u{1F600}", 0xfeff073875020288, 4, "#827717"),
        Vector("\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", 0xd546525a6004a25b, 3, "#795548"),
        Vector("", 0xcbf29ce484222325, 17, "#546E7A"),
        Vector("a", 0xaf63dc4c8601ec8c, 16, "#9F1239"),
        Vector("user-42", 0x32c6d7a54d35dacb, 19, "#37474F"),
    ]

    @Test("pinned colour-key vectors match docs/colours.md", arguments: vectors)
    func pinnedVector(_ vector: Vector) {
        #expect(ColorKey.hash(vector.key) == vector.hash)
        #expect(Palette.default.index(forKey: vector.key) == vector.index)
        #expect(Palette.default.color(forKey: vector.key).hex == vector.hex)
    }

    @Test("FNV-1a 64 reference vectors", arguments: [
        ("", 0xcbf2_9ce4_8422_2325 as UInt64),
        ("a", 0xaf63_dc4c_8601_ec8c),
        ("foobar", 0x8594_4171_f739_67e8),
    ])
    func fnvReference(_ input: String, _ expected: UInt64) {
        #expect(ColorKey.fnv1a64(input.utf8) == expected)
    }

    @Test("hash is FNV-1a of the normalised key, not of the raw one")
    func hashUsesNormalisedKey() {
        #expect(ColorKey.hash("FooBar") == 0x8594_4171_f739_67e8)
        #expect(ColorKey.fnv1a64("FooBar".utf8) != 0x8594_4171_f739_67e8)
    }

    @Test("case, composition and final sigma variants are one key", arguments: [
        ("JANE roe", "jane ROE"),
        ("Zo\u{EB}", "ZOE\u{308}"),
        ("\u{39F}\u{394}\u{39F}\u{3A3}", "\u{3BF}\u{3B4}\u{3BF}\u{3C2}"),
    ])
    func variantsShareAColour(_ a: String, _ b: String) {
        #expect(ColorKey.normalized(a) == ColorKey.normalized(b))
        #expect(Palette.default.color(forKey: a) == Palette.default.color(forKey: b))
    }

    @Test("different people usually differ")
    func differentKeysDiffer() {
        #expect(ColorKey.hash("Jane Roe") != ColorKey.hash("John Roe"))
        #expect(ColorKey.hash("Jane Roe") != ColorKey.hash("Jane Roe "))
    }

    @Test("default palette: 20 distinct colours, each ≥ 4.5:1 with white")
    func defaultPalette() {
        let colors = Palette.default.colors
        #expect(colors.count == 20)
        #expect(Set(colors).count == 20)
        for color in colors {
            #expect(color.alpha == 255)
            #expect(Contrast.ratio(.white, color) >= 4.5, "\(color.hex)")
            #expect(Contrast.textColor(on: color) == .white, "\(color.hex)")
        }
    }

    @Test("100,000 random keys all land on backgrounds with ≥ 4.5:1 white text")
    func randomKeysContrast() {
        var rng = SplitMix64(state: 42)
        var seen = Set<Int>()
        for _ in 0..<100_000 {
            var key = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                // Mostly BMP letters, some astral (emoji); surrogates are skipped by init?.
                let value = UInt32.random(in: rng.next() % 4 == 0 ? 0x1F300...0x1FAFF : 0x20...0xD7FF, using: &rng)
                if let scalar = Unicode.Scalar(value) { key.append(scalar) }
            }
            let color = Palette.default.color(forKey: String(key))
            seen.insert(Palette.default.index(forKey: String(key)))
            #expect(Contrast.ratio(.white, color) >= 4.5)
        }
        #expect(seen.count == 20, "every palette entry is reachable")
    }

    @Test("a custom palette indexes by hash modulo its length")
    func customPalette() throws {
        let two = try #require(Palette(colors: [RGBA(red: 1, green: 0, blue: 0), RGBA(red: 2, green: 0, blue: 0)]))
        #expect(two.index(forKey: "Jane Roe") == Int(0x90b9_7cbe_1ae5_3953 as UInt64 % 2))
        #expect(Palette(colors: []) == nil)
    }
}

@Suite("Contrast")
struct ContrastTests {
    @Test("WCAG extremes: black on white is 21:1, a colour on itself 1:1")
    func extremes() {
        let black = RGBA(red: 0, green: 0, blue: 0)
        #expect(abs(Contrast.ratio(.white, black) - 21) < 1e-9)
        #expect(abs(Contrast.ratio(black, .white) - 21) < 1e-9)
        #expect(Contrast.ratio(.nearBlack, .nearBlack) == 1)
        #expect(Contrast.relativeLuminance(.white) == 1)
        #expect(Contrast.relativeLuminance(black) == 0)
    }

    @Test("known ratio: #777777 on white is about 4.48:1 (just below AA)")
    func knownRatio() {
        let grey = RGBA(red: 0x77, green: 0x77, blue: 0x77)
        #expect(abs(Contrast.ratio(.white, grey) - 4.4781) < 0.001)
    }

    // #777777 misses 4.5:1 with white, but near-black does even worse there (≈3.7:1).
    @Test("text is white on dark backgrounds", arguments: ["#000000", "#1565C0", "#C62828", "#767676", "#777777"])
    func whiteOnDark(_ hex: String) throws {
        #expect(Contrast.textColor(on: try #require(RGBA(hex: hex))) == .white)
    }

    @Test("text is near-black on light backgrounds", arguments: ["#FFFF00", "#FFFFFF", "#999999", "#00FF00"])
    func nearBlackOnLight(_ hex: String) throws {
        #expect(Contrast.textColor(on: try #require(RGBA(hex: hex))) == .nearBlack)
    }

    @Test("alpha is ignored")
    func alphaIgnored() {
        let faint = RGBA(red: 0, green: 0, blue: 0, alpha: 10)
        #expect(Contrast.relativeLuminance(faint) == 0)
        #expect(Contrast.textColor(on: faint) == .white)
    }
}

@Suite("Hex colours")
struct HexTests {
    @Test("parses RGB, RRGGBB, RRGGBBAA with or without #, any case", arguments: [
        ("fff", RGBA(red: 255, green: 255, blue: 255)),
        ("#0a5", RGBA(red: 0x00, green: 0xAA, blue: 0x55)),
        ("1a2B3c", RGBA(red: 0x1A, green: 0x2B, blue: 0x3C)),
        ("#C62828", RGBA(red: 0xC6, green: 0x28, blue: 0x28)),
        ("11223344", RGBA(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44)),
        ("#ffffff00", RGBA(red: 255, green: 255, blue: 255, alpha: 0)),
    ])
    func parses(_ text: String, _ expected: RGBA) {
        #expect(RGBA(hex: text) == expected)
    }

    @Test("rejects other forms", arguments: [
        "", "#", "12", "1234", "12345", "1234567", "123456789", "ggg", "##fff", " fff", "fff ",
        "0x123456", "#-12345", "１２３",
    ])
    func rejects(_ text: String) {
        #expect(RGBA(hex: text) == nil)
    }

    @Test("formats as upper-case #RRGGBB, adding AA only when not opaque")
    func formats() {
        #expect(RGBA(red: 0xC6, green: 0x28, blue: 0x0a).hex == "#C6280A")
        #expect(RGBA(red: 1, green: 2, blue: 3, alpha: 0x80).hex == "#01020380")
        #expect(RGBA(hex: "abc")?.hex == "#AABBCC")
    }
}
