/// Turns a name and validated options into what is drawn: initials, colours, font.
///
/// This is where the §1 rules meet: the colour key is `id` or the name; the text colour is the
/// given one or the more legible of white and near-black; an empty name draws the placeholder
/// on a neutral colour.
public struct AvatarResolver: Sendable {
    public var palette: Palette
    public var defaultFont: String
    public var defaultBold: Bool

    /// The placeholder's neutral grey: not a person's colour, and 4.6:1 with white.
    public static let neutral = RGBA(red: 0x75, green: 0x75, blue: 0x75)

    public init(palette: Palette, defaultFont: String, defaultBold: Bool) {
        self.palette = palette
        self.defaultFont = defaultFont
        self.defaultBold = defaultBold
    }

    public func resolve(name: String, options: AvatarOptions) -> ResolvedAvatar {
        let initials = options.initials ?? Initials.compute(from: name, length: options.length, uppercase: options.uppercase)
        let colorKey = options.id ?? name
        let background: RGBA
        if let given = options.background {
            background = given
        } else if initials.isEmpty && options.id == nil {
            background = AvatarResolver.neutral
        } else {
            background = palette.color(forKey: colorKey)
        }
        let foreground = options.color ?? Contrast.textColor(on: background.opaque)
        let spec = AvatarSpec(
            pixelSize: options.pixelSize, shape: options.shape, background: background, foreground: foreground,
            content: initials.isEmpty ? .placeholder : .initials(initials),
            fontFamily: options.font ?? defaultFont, bold: options.bold ?? defaultBold, fontScale: options.fontSize)
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
