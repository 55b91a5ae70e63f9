extension GroupOptions {
    /// One string per meaning, built like `AvatarOptions.canonicalKey` (`|`-separated, `-` for
    /// the server default, free text length-prefixed, shortest round-trip numbers). The names
    /// are not part of it; `canonicalKey(names:)` adds them.
    /// Example (all defaults): `64|1|ci|3|0.3|4|#FFFFFF|0|2|1|0.5|-|-|png|0`.
    public var canonicalKey: String {
        var key = String(size)
        key += "|" + AvatarOptions.canonical(dpr)
        switch shape {
        case .circle: key += "|ci"
        case .square: key += "|sq"
        case .rounded(let radius): key += "|ro" + AvatarOptions.canonical(radius)
        case .mask(let name): key += "|m" + AvatarOptions.text(name) // not produced by the parser
        }
        key += "|" + String(max)
        key += "|" + AvatarOptions.canonical(overlap)
        key += "|" + String(border)
        // Every alpha-0 colour is the same knock-out, whatever its RGB digits say.
        key += "|" + (borderColor.alpha == 0 ? "transparent" : borderColor.hex)
        key += more ? "|1" : "|0"
        key += "|" + String(length)
        key += uppercase ? "|1" : "|0"
        key += "|" + AvatarOptions.canonical(fontSize)
        key += "|" + (font.map(AvatarOptions.text) ?? "-")
        key += "|" + (bold.map { $0 ? "1" : "0" } ?? "-")
        key += "|" + format.rawValue
        if theme != .light { key += "|t" + theme.rawValue } // absent by default: keys stay as they were
        key += "|" + String(pictures.count)
        for picture in pictures { key += "|" + (picture.map(AvatarOptions.text) ?? "-") }
        key += facepileKey // API §10 fields; empty when none is used
        return key
    }

    /// The options' key followed by every name, each length-prefixed (a name may contain
    /// `,` or `|`), so two different lists can never share a key.
    public func canonicalKey(names: [String]) -> String {
        var key = canonicalKey + "|" + String(names.count)
        for name in names { key += "|" + AvatarOptions.text(name) }
        return key
    }
}
