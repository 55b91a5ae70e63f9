/// The background colours generated avatars choose from, indexed by the colour key's hash.
public struct Palette: Sendable, Hashable {
    /// Never empty.
    public let colors: [RGBA]

    /// nil when `colors` is empty (there would be nothing to pick).
    public init?(colors: [RGBA]) {
        guard !colors.isEmpty else { return nil }
        self.colors = colors
    }

    /// The colour for a key: `colors[ColorKey.hash(key) % count]`.
    public func color(forKey key: String) -> RGBA {
        colors[index(forKey: key)]
    }

    /// The position in `colors` that `color(forKey:)` picks.
    public func index(forKey key: String) -> Int {
        Int(ColorKey.hash(key) % UInt64(colors.count))
    }

    /// Seventeen saturated mid-dark hues around the wheel and three greys, each with at
    /// least 4.5:1 WCAG contrast against white text (ratios in docs/colours.md).
    ///
    /// Fixed forever: the order and values decide every person's colour, so any change,
    /// even appending, recolours existing avatars and is a breaking change.
    public static let `default` = Palette(unchecked: [
        0xC62828, // red
        0xC2410C, // orange
        0xB45309, // amber
        0x795548, // brown
        0x827717, // olive
        0x33691E, // leaf
        0x2E7D32, // green
        0x00796B, // teal
        0x00838F, // cyan
        0x0277BD, // sky
        0x1565C0, // blue
        0x303F9F, // indigo
        0x512DA8, // deep purple
        0x7B1FA2, // purple
        0xA21CAF, // fuchsia
        0xD81B60, // pink
        0x9F1239, // wine
        0x546E7A, // blue grey
        0x616161, // grey
        0x37474F, // slate
    ].map { RGBA(red: UInt8($0 >> 16), green: UInt8($0 >> 8 & 0xFF), blue: UInt8($0 & 0xFF)) })

    private init(unchecked colors: [RGBA]) {
        self.colors = colors
    }
}
