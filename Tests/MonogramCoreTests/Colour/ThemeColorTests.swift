import Testing
@testable import MonogramCore

/// One row of the dark/transparent table in docs/colours.md; both change together (and never should).
struct ThemeVector: Sendable, CustomTestStringConvertible {
    let key: String
    let light: String
    let dark: String
    let ink: String
    init(_ key: String, _ light: String, _ dark: String, _ ink: String) {
        (self.key, self.light, self.dark, self.ink) = (key, light, dark, ink)
    }
    var testDescription: String { "\"\(key)\"" }
}

/// HSV hue in degrees, nil for a grey.
private func hue(_ c: RGBA) -> Double? {
    let r = Double(c.red) / 255, g = Double(c.green) / 255, b = Double(c.blue) / 255
    let high = max(r, g, b), low = min(r, g, b), d = high - low
    guard d > 0.02 else { return nil }
    let h = high == r ? ((g - b) / d).truncatingRemainder(dividingBy: 6) : high == g ? (b - r) / d + 2 : (r - g) / d + 4
    return (h * 60 + 360).truncatingRemainder(dividingBy: 360)
}

private func hueDistance(_ a: RGBA, _ b: RGBA) -> Double? {
    guard let x = hue(a), let y = hue(b) else { return nil }
    let d = abs(x - y)
    return min(d, 360 - d)
}

@Suite("Theme colours")
struct ThemeColorTests {
    static let vectors: [ThemeVector] = [
        ThemeVector("Jane Roe", "#795548", "#563B31", "#926D5F"),
        ThemeVector("JANE ROE", "#795548", "#563B31", "#926D5F"),
        ThemeVector("John Smith", "#303F9F", "#26337C", "#576ED3"),
        ThemeVector("jane.roe@example.com", "#512DA8", "#402683", "#7C60DE"),
        ThemeVector("Zo\u{EB}", "#9F1239", "#7A122C", "#CC455D"),
        ThemeVector("\u{738B}\u{5C0F}\u{660E}", "#00796B", "#004E44", "#1A8475"),
        ThemeVector("\u{AE40}\u{BBFC}\u{C900}", "#616161", "#424242", "#757575"),
        ThemeVector("\u{39F}\u{394}\u{39F}\u{3A3}", "#546E7A", "#32464F", "#5F7986"),
        ThemeVector("\u{391}\u{3BB}\u{3AD}\u{3BE}\u{3B7}\u{3C2}", "#37474F", "#2B373D", "#677881"),
        ThemeVector("Jos\u{E9} Garc\u{ED}a", "#C2410C", "#752200", "#CC4B1B"),
        ThemeVector("\u{C6}gir", "#2E7D32", "#125017", "#37853A"),
        ThemeVector("\u{130}stanbul", "#C62828", "#81000A", "#D73B37"),
        ThemeVector("\u{1F600}", "#827717", "#4B4300", "#827716"),
        ThemeVector("\u{905}\u{92E}\u{93F}\u{924} \u{936}\u{930}\u{94D}\u{92E}\u{93E}", "#7B1FA2", "#5F1B7C", "#A54ECE"),
    ]

    @Test("pinned dark and ink vectors match docs/colours.md", arguments: vectors)
    func pinnedVector(_ vector: ThemeVector) {
        #expect(Palette.default.color(forKey: vector.key, theme: .light).hex == vector.light)
        #expect(Palette.default.color(forKey: vector.key, theme: .dark).hex == vector.dark)
        #expect(Palette.default.ink(forKey: vector.key).hex == vector.ink)
    }

    @Test("the pinned dark and ink columns are what ColorVariants derives from the light one")
    func pinnedColumnsFollowTheRules() throws {
        let derived = try #require(Palette(colors: Palette.default.colors))
        #expect(derived.dark.map(\.hex) == Palette.default.dark.map(\.hex))
        #expect(derived.ink.map(\.hex) == Palette.default.ink.map(\.hex))
        #expect(ColorVariants.dark(of: AvatarResolver.neutral) == AvatarResolver.neutralDark)
    }

    @Test("every dark colour: same hue family (≤ 30°), darker, distinct, ≥ 4.5:1 with white text")
    func darkPalette() {
        let palette = Palette.default
        #expect(Set(palette.dark).count == palette.colors.count)
        for (light, dark) in zip(palette.colors, palette.dark) {
            #expect(dark.alpha == 255)
            #expect(Contrast.relativeLuminance(dark) < Contrast.relativeLuminance(light), "\(dark.hex)")
            #expect(Contrast.ratio(.white, dark) >= 4.5, "\(dark.hex)")
            #expect(Contrast.textColor(on: dark) == .white, "\(dark.hex)")
            #expect((hue(light) == nil) == (hue(dark) == nil), "a grey stays grey: \(light.hex) → \(dark.hex)")
            if let distance = hueDistance(light, dark) { #expect(distance <= 30, "\(light.hex) → \(dark.hex): \(distance)°") }
        }
    }

    @Test("every ink colour: same hue family, ≥ 4.5:1 against white and against black")
    func inkPalette() {
        let black = RGBA(red: 0, green: 0, blue: 0)
        for (light, ink) in zip(Palette.default.colors, Palette.default.ink) {
            #expect(ColorVariants.inkLuminance.contains(Contrast.relativeLuminance(ink)), "\(ink.hex)")
            #expect(Contrast.ratio(ink, .white) >= 4.5 && Contrast.ratio(ink, black) >= 4.5, "\(ink.hex)")
            if let distance = hueDistance(light, ink) { #expect(distance <= 30, "\(light.hex) → \(ink.hex): \(distance)°") }
        }
        #expect(ColorVariants.inkLuminance.contains(Contrast.relativeLuminance(AvatarResolver.neutral)))
    }

    @Test("100,000 random keys: transparent initials reach 4.5:1 on white and black, dark ones 4.5:1 with their text")
    func randomKeysContrast() {
        let resolver = AvatarResolver(palette: .default, defaultFont: "DejaVu Sans", defaultBold: false)
        let black = RGBA(red: 0, green: 0, blue: 0)
        var transparent = AvatarOptions(), dark = AvatarOptions()
        transparent.background = .transparent
        dark.theme = .dark
        // Given initials skip computing them: the colours are what is under test.
        (transparent.initials, dark.initials) = ("A", "A")
        var rng = SplitMix64(state: 7)
        var failures = 0
        for _ in 0..<100_000 {
            var key = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let value = UInt32.random(in: rng.next() % 4 == 0 ? 0x1F300...0x1FAFF : 0x20...0xD7FF, using: &rng)
                if let scalar = Unicode.Scalar(value) { key.append(scalar) }
            }
            transparent.id = String(key)
            dark.id = String(key)
            let ink = resolver.resolve(name: String(key), options: transparent).spec
            let night = resolver.resolve(name: String(key), options: dark).spec
            if ink.background.alpha != 0 || Contrast.ratio(ink.foreground, .white) < 4.5 || Contrast.ratio(ink.foreground, black) < 4.5
                || Contrast.ratio(night.foreground, night.background) < 4.5
            {
                failures += 1
            }
        }
        #expect(failures == 0)
    }

    @Test("a configured palette gets derived variants that keep the rules", arguments: ["#B71C1C", "#004D40", "#6A1B9A", "#3E2723", "#0D47A1", "#5D4037", "#212121", "#E65100"])
    func configuredPalette(_ hex: String) throws {
        let light = try #require(RGBA(hex: hex))
        let palette = try #require(Palette(colors: [light]))
        let dark = palette.dark[0], ink = palette.ink[0]
        #expect(Contrast.relativeLuminance(dark) < Contrast.relativeLuminance(light))
        #expect(Contrast.ratio(.white, dark) >= 4.5)
        #expect(ColorVariants.inkLuminance.contains(Contrast.relativeLuminance(ink)), "\(ink.hex)")
        if let distance = hueDistance(light, dark) { #expect(distance <= 30) }
        if let distance = hueDistance(light, ink) { #expect(distance <= 30) }
    }
}

@Suite("Themes and transparent backgrounds")
struct ThemeOptionTests {
    let limits = OptionLimits(maxSize: 1024, fonts: ["DejaVu Sans"], masks: [])
    let resolver = AvatarResolver(palette: .default, defaultFont: "DejaVu Sans", defaultBold: false)

    func parse(_ query: String) throws -> AvatarOptions {
        try AvatarOptions(query: QueryString.parse(query), limits: limits)
    }

    @Test("theme takes light, dark and auto in any case; anything else is a 400 naming theme")
    func parsesTheme() throws {
        #expect(try parse("").theme == .light)
        #expect(try parse("theme=DARK").theme == .dark)
        #expect(try parse("theme=auto&format=svg").theme == .auto)
        #expect(throws: OptionsError(parameter: "theme", message: "theme must be light, dark or auto (auto for svg only)")) {
            try parse("theme=night")
        }
        #expect(throws: OptionsError(parameter: "theme", message: "theme given more than once")) { try parse("theme=dark&theme=dark") }
    }

    @Test("theme=auto is only for svg", arguments: [OutputFormat.png, .json])
    func autoOnlyForSVG(_ format: OutputFormat) throws {
        var options = try parse("theme=auto")
        options.format = format
        #expect(throws: OptionsError(parameter: "theme", message: "theme must be light or dark for \(format.rawValue) (auto is for svg only)")) {
            try options.checkTheme()
        }
        options.format = .svg
        try options.checkTheme()
    }

    @Test("bg=transparent (any case, alias background, or any alpha-0 hex) means no background")
    func parsesTransparent() throws {
        #expect(try parse("bg=transparent").background == .transparent)
        #expect(try parse("background=Transparent").background == .transparent)
        #expect(try parse("bg=12345600").background == .transparent)
        #expect(try parse("bg=123456").background == .color(RGBA(red: 0x12, green: 0x34, blue: 0x56)))
        #expect(throws: OptionsError(parameter: "bg", message: "bg must be transparent or a hex colour RGB, RRGGBB or RRGGBBAA, optionally with #")) {
            try parse("bg=clear")
        }
    }

    @Test("canonical keys: every field spelled, theme and transparent distinct")
    func canonicalKeys() throws {
        #expect(try parse("").canonicalKey == "3:128,1:1,2:sq,0:,1:-,1:-,0:,1:2,1:1,3:0.5,0:,1:-,0:,3:png,5:light,0:,0:,1:-,0:,1:0,")
        #expect(try parse("theme=light").canonicalKey == (try parse("").canonicalKey))
        #expect(try parse("theme=dark").canonicalKey == "3:128,1:1,2:sq,0:,1:-,1:-,0:,1:2,1:1,3:0.5,0:,1:-,0:,3:png,4:dark,0:,0:,1:-,0:,1:0,")
        #expect(try parse("bg=transparent").canonicalKey == "3:128,1:1,2:sq,0:,2:tr,1:-,0:,1:2,1:1,3:0.5,0:,1:-,0:,3:png,5:light,0:,0:,1:-,0:,1:0,")
        #expect(try parse("bg=00000000").canonicalKey == (try parse("bg=transparent").canonicalKey))
    }

    @Test("theme=dark draws the key's dark colour with white text, and JSON reports it")
    func darkResolves() throws {
        let resolved = resolver.resolve(name: "Jane Roe", options: try parse("theme=dark"))
        #expect(resolved.spec.background.hex == "#563B31" && resolved.spec.foreground == .white)
        #expect(resolved.json.contains("\"background\":\"#563B31\",\"color\":\"#FFFFFF\""))
        #expect(resolved.spec.darkVariant == nil)
    }

    @Test("theme=auto draws light and carries the dark variant")
    func autoResolves() throws {
        let resolved = resolver.resolve(name: "Jane Roe", options: try parse("theme=auto&format=svg"))
        #expect(resolved.spec.background.hex == "#795548")
        #expect(resolved.spec.darkVariant == FaceColors(background: try #require(RGBA(hex: "563B31")), foreground: .white))
        // A chosen background is the same in both schemes: nothing to switch.
        #expect(resolver.resolve(name: "Jane Roe", options: try parse("theme=auto&format=svg&bg=123")).spec.darkVariant == nil)
    }

    @Test("bg=transparent: no background, initials in the key's ink colour in every theme, JSON says transparent")
    func transparentResolves() throws {
        for theme in ["light", "dark"] {
            let resolved = resolver.resolve(name: "Jane Roe", options: try parse("bg=transparent&theme=\(theme)"))
            #expect(resolved.spec.background.alpha == 0)
            #expect(resolved.spec.foreground.hex == "#926D5F")
            #expect(resolved.json.contains("\"background\":\"transparent\",\"color\":\"#926D5F\""))
        }
        #expect(resolver.resolve(name: "Jane Roe", options: try parse("bg=transparent&color=123")).spec.foreground.hex == "#112233")
        #expect(resolver.resolve(name: "", options: try parse("bg=transparent")).spec.foreground == AvatarResolver.neutral)
    }

    @Test("the placeholder has a dark neutral too")
    func placeholderThemes() throws {
        #expect(resolver.resolve(name: "", options: try parse("theme=dark")).spec.background == AvatarResolver.neutralDark)
        #expect(resolver.resolve(name: "", options: try parse("")).spec.background == AvatarResolver.neutral)
    }

    @Test("groups take theme for every face and the bubble")
    func groupTheme() throws {
        let options = try GroupOptions(query: QueryString.parse("theme=dark&max=2&more=true"), limits: limits, nameCount: 3)
        let group = resolver.resolve(names: ["Jane Roe", "John Smith", "Ann"], options: options)
        #expect(group.spec.faces.map(\.background.hex) == ["#563B31", "#26337C"])
        #expect(group.spec.bubble?.background == AvatarResolver.neutralDark)
        #expect(options.canonicalKey.hasSuffix("4:dark,1:0,0:,1:0,3:ltr,1:0,1:-,0:,1:0,"))
        var auto = options
        auto.theme = .auto
        #expect(throws: OptionsError.self) { try auto.checkTheme() }
    }
}
