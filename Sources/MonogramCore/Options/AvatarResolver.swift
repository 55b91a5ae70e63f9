/// Turns a name and validated options into what is drawn: initials, colours, font.
///
/// This is where the §1 rules meet: the colour key is `id` or the name; the background is the
/// given colour, none (`transparent`: the initials take the key's ink colour) or the key's
/// palette colour in the theme; the text colour is the given one or the more legible of white
/// and near-black; an empty name draws the placeholder on a neutral colour.
public struct AvatarResolver: Sendable {
    public var palette: Palette
    public var defaultFont: String
    public var defaultBold: Bool

    /// The placeholder's neutral grey: not a person's colour, and 4.6:1 with white. Its
    /// relative luminance (0.178) also makes it the transparent placeholder's ink.
    public static let neutral = RGBA(red: 0x75, green: 0x75, blue: 0x75)
    /// The placeholder's grey for `theme=dark` (`ColorVariants.dark(of: neutral)`).
    public static let neutralDark = RGBA(red: 0x42, green: 0x42, blue: 0x42)

    /// `render.palettes` by name, and the built-in `accessible` (API §10).
    public var palettes: [String: Palette]

    public init(palette: Palette, defaultFont: String, defaultBold: Bool, palettes: [String: Palette] = [:]) {
        self.palette = palette
        self.defaultFont = defaultFont
        self.defaultBold = defaultBold
        self.palettes = palettes
    }

    public func resolve(name: String, options: AvatarOptions) -> ResolvedAvatar {
        resolve(name: name, options: options, paletteIndex: nil)
    }

    /// `paletteIndex`: the palette position to use instead of the colour key's (`distinct`
    /// on `/group` moves a face off a colour an earlier face has).
    func resolve(name: String, options: AvatarOptions, paletteIndex: Int?) -> ResolvedAvatar {
        let initials = options.initials ?? Initials.compute(from: name, length: options.length, uppercase: options.uppercase)
        let colorKey = options.id ?? name
        let placeholder = initials.isEmpty && options.id == nil
        let entry = placeholder ? nil : colorEntry(forKey: colorKey, choice: options.palette, index: paletteIndex)
        let light: FaceColors, dark: FaceColors
        switch options.background {
        case .color(let given):
            // A chosen colour is the same in every theme.
            light = FaceColors(background: given, foreground: options.color ?? Contrast.textColor(on: given.opaque))
            dark = light
        case .transparent:
            let ink = entry?.ink ?? AvatarResolver.neutral
            light = FaceColors(background: .transparent, foreground: options.color ?? ink)
            dark = light
        case nil:
            let lightBackground = entry?.light ?? AvatarResolver.neutral
            let darkBackground = entry?.dark ?? AvatarResolver.neutralDark
            // `readableTextColor` is `textColor` for every colour white text suits (all of the
            // default palette's); a one-off palette may hold light colours, which get black.
            light = FaceColors(background: lightBackground, foreground: options.color ?? Contrast.readableTextColor(on: lightBackground))
            dark = FaceColors(background: darkBackground, foreground: options.color ?? Contrast.readableTextColor(on: darkBackground))
        }
        var drawn = options.theme == .dark ? dark : light
        var gradient: Gradient? = nil
        if options.gradient, drawn.background.alpha > 0 {
            let made = Gradient.make(start: drawn.background, angle: Gradient.angle(forKey: colorKey), given: options.color)
            (gradient, drawn.foreground) = (made.gradient, made.text)
        }
        let spec = AvatarSpec(
            pixelSize: options.pixelSize, shape: options.shape, background: drawn.background, foreground: drawn.foreground,
            content: initials.isEmpty ? .placeholder : .initials(initials),
            fontFamily: options.font ?? defaultFont, bold: options.bold ?? defaultBold, fontScale: options.fontSize,
            darkVariant: options.theme == .auto && dark != light ? dark : nil, gradient: gradient)
        return ResolvedAvatar(name: name, colorKey: colorKey, initials: initials, spec: spec, options: options)
    }

    /// The palette a request picks from: the server's, a named one, or a one-off list (whose
    /// variants are derived here, for the one colour used). A name the limits accepted is
    /// always here; were it not, the server's palette answers rather than no colour.
    func chosenPalette(_ choice: PaletteChoice?) -> (count: Int, entry: (Int) -> PaletteEntry) {
        switch choice {
        case nil: return (palette.colors.count, palette.entry)
        case .named(let name)?:
            let named = palettes[name] ?? (name == Palette.accessibleName ? .accessible : palette)
            return (named.colors.count, named.entry)
        case .colors(let colors)?:
            return (colors.count, { PaletteEntry(light: colors[$0], dark: ColorVariants.dark(of: colors[$0]), ink: ColorVariants.ink(of: colors[$0])) })
        }
    }

    /// The colour key's palette position (`ColorKey.hash % count`, the rule of every palette).
    func paletteIndex(forKey key: String, choice: PaletteChoice?) -> Int {
        Int(ColorKey.hash(key) % UInt64(chosenPalette(choice).count))
    }

    private func colorEntry(forKey key: String, choice: PaletteChoice?, index: Int?) -> PaletteEntry {
        let chosen = chosenPalette(choice)
        return chosen.entry(index.map { $0 % chosen.count } ?? Int(ColorKey.hash(key) % UInt64(chosen.count)))
    }
}

/// One avatar, decided: what the renderer draws and what the JSON format reports.
public struct ResolvedAvatar: Sendable {
    public let name: String
    public let colorKey: String
    /// Empty when the placeholder is drawn.
    public let initials: String
    public let spec: AvatarSpec
    public let options: AvatarOptions

    /// What a page writes in `<img alt>` (API §10): the name, or `Unknown user` for a
    /// nameless user (the placeholder).
    public var alt: String { name.isEmpty ? AvatarResolver.unknownUserAlt : name }
}

extension AvatarResolver {
    /// The alt text of the placeholder drawn for a user without a name.
    public static let unknownUserAlt = "Unknown user"
}
