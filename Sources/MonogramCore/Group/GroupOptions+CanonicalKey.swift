extension GroupOptions {
    /// One string per meaning, in `CanonicalKeyWriter`'s encoding like
    /// `AvatarOptions.canonicalKey`: size, dpr, shape and its parameter, max, overlap, border,
    /// border colour (every alpha-0 colour is `transparent`), more, length, uppercase, font
    /// size, font, bold, format, theme, then the number of pictures and each picture (`0:,`
    /// where a face has none), then the API §10 fields (`writeFacepile`). The names are not
    /// part of it; `canonicalKey(names:)` adds them.
    public var canonicalKey: String {
        CanonicalKeyWriter.make(write)
    }

    /// The options' fields followed by the number of names and every name, each its own field
    /// (a name may contain `,` or `|`), so two different lists can never share a key.
    public func canonicalKey(names: [String]) -> String {
        CanonicalKeyWriter.make { key in
            write(&key)
            key.field(names.count)
            for name in names { key.field(name) }
        }
    }

    private func write(_ key: inout CanonicalKeyWriter) {
        key.field(size)
        key.field(dpr)
        switch shape {
        case .circle:
            key.field("ci")
            key.field("")
        case .square:
            key.field("sq")
            key.field("")
        case .rounded(let radius):
            key.field("ro")
            key.field(radius)
        case .mask(let name): // not produced by the parser
            key.field("m")
            key.field(name)
        }
        key.field(max)
        key.field(overlap)
        key.field(border)
        // Every alpha-0 colour is the same knock-out, whatever its RGB digits say.
        if borderColor.alpha == 0 { key.field("transparent") } else { key.field(hex: borderColor) }
        key.field(more ? "1" : "0")
        key.field(length)
        key.field(uppercase ? "1" : "0")
        key.field(fontSize)
        key.optional(font)
        switch bold {
        case nil: key.field("-")
        case true?: key.field("1")
        case false?: key.field("0")
        }
        key.field(format.rawValue)
        key.field(theme.rawValue)
        key.field(pictures.count)
        for picture in pictures { key.optional(picture) }
        writeFacepile(&key) // API §10 fields
        // As for `/avatar`: only a JPEG key has the matte, so other keys stay as they were.
        if format == .jpeg { key.field(hex: matte) }
    }
}
