/// The background colours generated avatars choose from, indexed by the colour key's hash,
/// with their dark-theme and transparent-background variants at the same index.
public struct Palette: Sendable, Hashable {
    /// Never empty.
    public let colors: [RGBA]
    /// `theme=dark` backgrounds: `dark[i]` is a darker colour of `colors[i]`'s hue.
    public let dark: [RGBA]
    /// `bg=transparent` initials: `ink[i]` has `colors[i]`'s hue and reaches 4.5:1 on white
    /// and on black pages.
    public let ink: [RGBA]

    /// nil when `colors` is empty (there would be nothing to pick). The variants are derived
    /// by `ColorVariants` (a configured palette gets them at start-up).
    public init?(colors: [RGBA]) {
        guard !colors.isEmpty else { return nil }
        self.init(unchecked: colors, dark: colors.map(ColorVariants.dark), ink: colors.map(ColorVariants.ink))
    }

    /// The colour for a key: `colors[ColorKey.hash(key) % count]`.
    public func color(forKey key: String) -> RGBA {
        colors[index(forKey: key)]
    }

    /// The background for a key in `theme` (`auto` draws the light one first).
    public func color(forKey key: String, theme: Theme) -> RGBA {
        theme == .dark ? dark[index(forKey: key)] : colors[index(forKey: key)]
    }

    /// The text colour for a key when the background is transparent.
    public func ink(forKey key: String) -> RGBA {
        ink[index(forKey: key)]
    }

    /// The position in `colors` that `color(forKey:)` picks.
    public func index(forKey key: String) -> Int {
        Int(ColorKey.hash(key) % UInt64(colors.count))
    }

    /// Seventeen saturated mid-dark hues around the wheel and three greys, each with at
    /// least 4.5:1 WCAG contrast against white text (ratios in docs/colours.md).
    ///
    /// Fixed forever: the order and values decide every person's colour, so any change,
    /// even appending, recolours existing avatars and is a breaking change. The same holds for
    /// the dark and ink columns (produced once by `ColorVariants`, a test checks they agree).
    public static let `default` = Palette(unchecked: [
        (0xC62828, 0x81000A, 0xD73B37), // red
        (0xC2410C, 0x752200, 0xCC4B1B), // orange
        (0xB45309, 0x6C2E00, 0xBB5A16), // amber
        (0x795548, 0x563B31, 0x926D5F), // brown
        (0x827717, 0x4B4300, 0x827716), // olive
        (0x33691E, 0x254E15, 0x4C8238), // leaf
        (0x2E7D32, 0x125017, 0x37853A), // green
        (0x00796B, 0x004E44, 0x1A8475), // teal
        (0x00838F, 0x004C53, 0x00828D), // cyan
        (0x0277BD, 0x004672, 0x0C7AC1), // sky
        (0x1565C0, 0x004084, 0x2A75D2), // blue
        (0x303F9F, 0x26337C, 0x576ED3), // indigo
        (0x512DA8, 0x402683, 0x7C60DE), // deep purple
        (0x7B1FA2, 0x5F1B7C, 0xA54ECE), // purple
        (0xA21CAF, 0x6C0076, 0xBB3BC8), // fuchsia
        (0xD81B60, 0x7E0033, 0xDF2565), // pink
        (0x9F1239, 0x7A122C, 0xCC455D), // wine
        (0x546E7A, 0x32464F, 0x5F7986), // blue grey
        (0x616161, 0x424242, 0x757575), // grey
        (0x37474F, 0x2B373D, 0x677881), // slate
    ])

    private init(unchecked colors: [RGBA], dark: [RGBA], ink: [RGBA]) {
        self.colors = colors
        self.dark = dark
        self.ink = ink
    }

    private init(unchecked rows: [(light: UInt32, dark: UInt32, ink: UInt32)]) {
        self.init(unchecked: rows.map { Self.rgb($0.light) }, dark: rows.map { Self.rgb($0.dark) }, ink: rows.map { Self.rgb($0.ink) })
    }

    private static func rgb(_ value: UInt32) -> RGBA {
        RGBA(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }
}
