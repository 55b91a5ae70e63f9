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

    public init(palette: Palette, defaultFont: String, defaultBold: Bool) {
        self.palette = palette
        self.defaultFont = defaultFont
        self.defaultBold = defaultBold
    }

    public func resolve(name: String, options: AvatarOptions) -> ResolvedAvatar {
        let initials = options.initials ?? Initials.compute(from: name, length: options.length, uppercase: options.uppercase)
        let colorKey = options.id ?? name
        let placeholder = initials.isEmpty && options.id == nil
        let light: FaceColors, dark: FaceColors
        switch options.background {
        case .color(let given):
            // A chosen colour is the same in every theme.
            light = FaceColors(background: given, foreground: options.color ?? Contrast.textColor(on: given.opaque))
            dark = light
        case .transparent:
            let ink = placeholder ? AvatarResolver.neutral : palette.ink(forKey: colorKey)
            light = FaceColors(background: .transparent, foreground: options.color ?? ink)
            dark = light
        case nil:
            let lightBackground = placeholder ? AvatarResolver.neutral : palette.color(forKey: colorKey)
            let darkBackground = placeholder ? AvatarResolver.neutralDark : palette.color(forKey: colorKey, theme: .dark)
            light = FaceColors(background: lightBackground, foreground: options.color ?? Contrast.textColor(on: lightBackground))
            dark = FaceColors(background: darkBackground, foreground: options.color ?? Contrast.textColor(on: darkBackground))
        }
        let drawn = options.theme == .dark ? dark : light
        let spec = AvatarSpec(
            pixelSize: options.pixelSize, shape: options.shape, background: drawn.background, foreground: drawn.foreground,
            content: initials.isEmpty ? .placeholder : .initials(initials),
            fontFamily: options.font ?? defaultFont, bold: options.bold ?? defaultBold, fontScale: options.fontSize,
            darkVariant: options.theme == .auto && dark != light ? dark : nil)
        return ResolvedAvatar(name: name, colorKey: colorKey, initials: initials, spec: spec, options: options)
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
}
