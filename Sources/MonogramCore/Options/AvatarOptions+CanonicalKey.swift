extension AvatarOptions {
    /// One string per meaning: every field with defaults filled in, in a fixed order, so it
    /// can name a cache entry and seed the ETag (API §1: order, spelled-out defaults and
    /// unknown parameters never matter). The name is not part of it; callers add it.
    ///
    /// Twenty fields in `CanonicalKeyWriter`'s encoding (length-prefixed, so no content can
    /// forge a boundary and two different option sets never share a key): size, dpr, shape
    /// (`sq`/`ci`/`ro`/`m`) and its parameter (radius or mask name), background (`-` for the
    /// server's, `tr`, or `#RRGGBB[AA]`), colour, initials, length, uppercase, font size, font,
    /// bold (`-`/`1`/`0`), id, format, theme, picture, fallback, then the palette's kind and value
    /// and the gradient (`AvatarOptions.writeColours`, API §10), and for JPEG only the matte
    /// (API §11). Free text that may be absent
    /// is `0:,` or `=text`. Numbers use the shortest form that round-trips (`1`, `1.5`,
    /// `0.25`). Without a picture `fallback` changes nothing, so its field is then empty.
    /// All defaults: `3:128,1:1,2:sq,0:,1:-,1:-,0:,1:2,1:1,3:0.5,0:,1:-,0:,3:png,5:light,0:,0:,1:-,0:,1:0,`.
    public var canonicalKey: String {
        CanonicalKeyWriter.make(write)
    }

    private func write(_ key: inout CanonicalKeyWriter) {
        key.field(size)
        key.field(dpr)
        switch shape {
        case .square:
            key.field("sq")
            key.field("")
        case .circle:
            key.field("ci")
            key.field("")
        case .rounded(let radius):
            key.field("ro")
            key.field(radius)
        case .mask(let name):
            key.field("m")
            key.field(name)
        }
        switch background {
        case nil: key.field("-")
        case .color(let color): key.field(hex: color)
        case .transparent: key.field("tr")
        }
        if let color { key.field(hex: color) } else { key.field("-") }
        key.optional(initials)
        key.field(length)
        key.field(uppercase ? "1" : "0")
        key.field(fontSize)
        key.optional(font)
        switch bold {
        case nil: key.field("-")
        case true?: key.field("1")
        case false?: key.field("0")
        }
        key.optional(id)
        key.field(format.rawValue)
        key.field(theme.rawValue)
        key.optional(picture)
        if picture != nil { key.field(fallback.rawValue) } else { key.field("") }
        AvatarOptions.writeColours(palette: palette, gradient: gradient, into: &key)
        // Only JPEG draws the matte, so only a JPEG key has the field (the format field before
        // it decides whether it is there): every other format's key and ETag stay as they were.
        if format == .jpeg { key.field(hex: matte) }
    }

    /// Integers without `.0`; otherwise Swift's shortest round-trip form, which is the same on
    /// every platform and release.
    static func canonical(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
