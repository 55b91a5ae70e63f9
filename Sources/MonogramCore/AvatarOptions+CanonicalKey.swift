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
        var key = ""
        key.reserveCapacity(48 + (initials?.utf8.count ?? 0) + (id?.utf8.count ?? 0))
        key += String(size)
        key += "|" + Self.canonical(dpr)
        switch shape {
        case .square: key += "|sq"
        case .circle: key += "|ci"
        case .rounded(let radius): key += "|ro" + Self.canonical(radius)
        case .mask(let name): key += "|m" + Self.text(name)
        }
        switch background {
        case nil: key += "|-"
        case .color(let color): key += "|" + color.hex
        case .transparent: key += "|tr"
        }
        key += "|" + (color?.hex ?? "-")
        key += "|" + (initials.map(Self.text) ?? "-")
        key += "|" + String(length)
        key += uppercase ? "|1" : "|0"
        key += "|" + Self.canonical(fontSize)
        key += "|" + (font.map(Self.text) ?? "-")
        key += "|" + (bold.map { $0 ? "1" : "0" } ?? "-")
        key += "|" + (id.map(Self.text) ?? "-")
        key += "|" + format.rawValue
        // Like the picture fields: absent for the default, so light keys stay as they were.
        if theme != .light { key += "|t" + theme.rawValue }
        if let picture {
            key += "|p" + Self.text(picture)
            key += "|f" + fallback.rawValue
        }
        return key
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
