extension AvatarOptions {
    /// Most colours a `colors` list may have (and fewest: 2, a palette to pick from).
    public static let colorsRange = 2...32

    /// `palette`, `colors` and `gradient` (API §10), shared by `/avatar` and `/group`.
    ///
    /// `palette` names `default` or one of `limits.palettes`, case-insensitively (`default` is
    /// the same as no palette); `colors` is 2…32 opaque hex colours (`RGB` or `RRGGBB`, optional
    /// `#`) separated by commas; the two do not combine. `gradient` is a boolean; it needs a
    /// background to run across, so with `bg=transparent` it changes nothing and is dropped,
    /// and it has no `theme=auto` form (the dark variant of an SVG swaps flat fills only).
    mutating func parseColours(_ given: AvatarQuery, limits: OptionLimits) throws(OptionsError) {
        if given[.palette] != nil, given[.colors] != nil {
            throw OptionsError(parameter: "colors", message: "colors and palette cannot be given together (colors is a one-off palette)")
        }
        if let (_, value) = given[.palette] {
            let folded = value.lowercased()
            if folded == "default" {
                palette = nil
            } else if let name = limits.palettes.first(where: { $0.lowercased() == folded }) {
                palette = .named(name)
            } else {
                throw OptionsError(parameter: "palette", message: "palette must be " + OptionLimits.alternatives(["default"] + limits.palettes))
            }
        }
        if let (_, value) = given[.colors] {
            let message = "colors must be 2 to 32 hex colours RGB or RRGGBB separated by commas"
            let entries = value.split(separator: ",", omittingEmptySubsequences: false)
            guard Self.colorsRange.contains(entries.count) else { throw OptionsError(parameter: "colors", message: message) }
            var colors: [RGBA] = []
            for entry in entries {
                let digits = entry.hasPrefix("#") ? entry.dropFirst() : entry
                guard digits.count == 3 || digits.count == 6, let color = RGBA(hex: String(entry)) else {
                    throw OptionsError(parameter: "colors", message: message)
                }
                colors.append(color)
            }
            palette = .colors(colors)
        }
        if let (_, value) = given[.gradient] { gradient = try Self.boolean(value, parameter: "gradient") }
        if gradient, theme == .auto {
            throw OptionsError(parameter: "gradient", message: "gradient cannot be combined with theme=auto (use light or dark)")
        }
        // Nothing to run across: one meaning, one value.
        if background == .transparent { gradient = false }
    }

    /// The palette fields of a canonical key (`CanonicalKeyWriter`'s encoding): the kind (`-`
    /// for the default, `P` for a named palette, `C` for colours), its value (the name, or the
    /// colours as `#RRGGBB` one after the other: each starts with the only `#`), and the
    /// gradient (`1`/`0`).
    static func writeColours(palette: PaletteChoice?, gradient: Bool, into key: inout CanonicalKeyWriter) {
        switch palette {
        case nil:
            key.field("-")
            key.field("")
        case .named(let name)?:
            key.field("P")
            key.field(name)
        case .colors(let colors)?:
            key.field("C")
            key.field { for color in colors { $0.hex(color) } }
        }
        key.field(gradient ? "1" : "0")
    }
}
