extension Palette {
    /// `palette=accessible`: the built-in palette's name.
    public static let accessibleName = "accessible"

    /// Eight colours that stay apart for people with protanopia, deuteranopia and tritanopia
    /// (Machado et al. 2009 simulation; the smallest distance between any two, in any of the
    /// four visions, is ΔEok 9.0), each carrying white initials at 4.5:1 or better.
    /// `scripts/accessible-palette.py` chose them and prints the table in docs/colours.md.
    ///
    /// Fixed like `default`: the order and values decide who gets which colour.
    public static let accessible = Palette(colors: [0xEE0000, 0x4400FF, 0x883355, 0x3377CC, 0x667755, 0x7722BB, 0xAA0000, 0x995599].map {
        RGBA(red: UInt8($0 >> 16), green: UInt8($0 >> 8 & 0xFF), blue: UInt8($0 & 0xFF))
    })!

    /// One colour at `index` with its variants, for `resolve`.
    func entry(_ index: Int) -> PaletteEntry {
        PaletteEntry(light: colors[index], dark: dark[index], ink: ink[index])
    }
}

/// A palette colour with its dark-theme and transparent-background variants.
struct PaletteEntry {
    var light: RGBA
    var dark: RGBA
    var ink: RGBA
}
