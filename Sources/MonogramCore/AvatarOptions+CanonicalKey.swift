extension AvatarOptions {
    /// One string per meaning: every field with defaults filled in, in a fixed order, so it
    /// can name a cache entry and seed the ETag (API §1: order, spelled-out defaults and
    /// unknown parameters never matter). The name is not part of it; callers add it.
    ///
    /// Layout: `|`-separated fields, `-` for "not given / server default". Free text (initials,
    /// id, font, mask) is length-prefixed (`5:Jane|`) so no content can forge a separator and
    /// two different option sets can never produce the same key. Colours are upper-case
    /// `#RRGGBB[AA]`; numbers use the shortest form that round-trips (`1`, `1.5`, `0.25`).
    /// Example (all defaults): `128|1|sq|-|-|-|2|1|0.5|-|-|-|png`. With a picture two fields
    /// follow (`|p<len>:<url>|f<fallback>`), after `|tdark`/`|tauto` for a theme other than light; without one `fallback` changes nothing, so it is
    /// left out and keys of avatars without pictures stay as they were.
    public var canonicalKey: String {
        CanonicalKeyWriter.make(write)
    }

    private func write(_ key: inout CanonicalKeyWriter) {
        key.append(size)
        key.literal("|")
        key.append(dpr)
        switch shape {
        case .square: key.literal("|sq")
        case .circle: key.literal("|ci")
        case .rounded(let radius):
            key.literal("|ro")
            key.append(radius)
        case .mask(let name):
            key.literal("|m")
            key.text(name)
        }
        key.literal("|")
        switch background {
        case nil: key.literal("-")
        case .color(let color): key.hex(color)
        case .transparent: key.literal("tr")
        }
        key.literal("|")
        if let color { key.hex(color) } else { key.literal("-") }
        key.literal("|")
        if let initials { key.text(initials) } else { key.literal("-") }
        key.literal("|")
        key.append(length)
        key.literal(uppercase ? "|1|" : "|0|")
        key.append(fontSize)
        key.literal("|")
        if let font { key.text(font) } else { key.literal("-") }
        key.literal("|")
        switch bold {
        case nil: key.literal("-")
        case true?: key.literal("1")
        case false?: key.literal("0")
        }
        key.literal("|")
        if let id { key.text(id) } else { key.literal("-") }
        key.literal("|")
        key.append(format.rawValue)
        // Like the picture fields: absent for the default, so light keys stay as they were.
        if theme != .light {
            key.literal("|t")
            key.append(theme.rawValue)
        }
        if let picture {
            key.literal("|p")
            key.text(picture)
            key.literal("|f")
            key.append(fallback.rawValue)
        }
        AvatarOptions.writeColours(palette: palette, gradient: gradient, into: &key)
    }

    /// `count:text`, the UTF-8 byte count making the text's end unambiguous.
    static func text(_ value: String) -> String {
        String(value.utf8.count) + ":" + value
    }

    /// Integers without `.0`; otherwise Swift's shortest round-trip form, which is the same on
    /// every platform and release.
    static func canonical(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
