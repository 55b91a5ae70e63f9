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
        var key = CanonicalKeyWriter(capacity: 64 + (initials?.utf8.count ?? 0) + (id?.utf8.count ?? 0) + (picture?.utf8.count ?? 0))
        key.append(size)
        key.append("|")
        key.append(dpr)
        switch shape {
        case .square: key.append("|sq")
        case .circle: key.append("|ci")
        case .rounded(let radius):
            key.append("|ro")
            key.append(radius)
        case .mask(let name):
            key.append("|m")
            key.text(name)
        }
        key.append("|")
        switch background {
        case nil: key.append("-")
        case .color(let color): key.hex(color)
        case .transparent: key.append("tr")
        }
        key.append("|")
        if let color { key.hex(color) } else { key.append("-") }
        key.append("|")
        if let initials { key.text(initials) } else { key.append("-") }
        key.append("|")
        key.append(length)
        key.append(uppercase ? "|1|" : "|0|")
        key.append(fontSize)
        key.append("|")
        if let font { key.text(font) } else { key.append("-") }
        key.append("|")
        key.append(bold.map { $0 ? "1" : "0" } ?? "-")
        key.append("|")
        if let id { key.text(id) } else { key.append("-") }
        key.append("|")
        key.append(format.rawValue)
        // Like the picture fields: absent for the default, so light keys stay as they were.
        if theme != .light {
            key.append("|t")
            key.append(theme.rawValue)
        }
        if let picture {
            key.append("|p")
            key.text(picture)
            key.append("|f")
            key.append(fallback.rawValue)
        }
        return key.string
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
