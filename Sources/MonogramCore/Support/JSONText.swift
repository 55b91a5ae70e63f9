/// Minimal JSON writing for the `.json` format and the JSON log: strings escaped per RFC 8259
/// §7, and beyond it every C1 control (U+0080–U+009F) and U+2028/U+2029, which JSON allows raw
/// but many readers take as line breaks (U+0085 NEL would split a log record).
public enum JSONText {
    /// - Parameter escapingFormat: also escape every format character (Unicode category Cf:
    ///   the bidi controls U+202A–U+202E and U+2066–U+2069, U+200E/U+200F, zero-width
    ///   characters), for the JSON log: raw, they reorder or hide what a terminal or log viewer
    ///   shows of a record (a request target with U+202E reads backwards).
    public static func string(_ value: String, escapingFormat: Bool = false) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            case _ where escapingFormat && scalar.properties.generalCategory == .format:
                // Above U+FFFF (tag characters) JSON spells the UTF-16 surrogate pair.
                let units = scalar.value > 0xFFFF
                    ? [0xD800 + ((scalar.value - 0x10000) >> 10), 0xDC00 + ((scalar.value - 0x10000) & 0x3FF)] : [scalar.value]
                for unit in units {
                    let hex = String(unit, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension ResolvedAvatar {
    /// `{"name":…,"initials":…,"background":"#RRGGBB","color":"#RRGGBB","id":…,"shape":…,"size":…,
    /// "alt":…}`, the colours of the theme drawn; `"background":"transparent"` when there is
    /// none; with `gradient=true` a `"gradient":{"angle":…,"stops":[start,end]}` before `"alt"`.
    public var json: String {
        let background = options.background == .transparent ? "transparent" : spec.background.hex
        return "{\"name\":\(JSONText.string(name)),\"initials\":\(JSONText.string(initials)),"
            + "\"background\":\(JSONText.string(background)),\"color\":\(JSONText.string(spec.foreground.hex)),"
            + "\"id\":\(JSONText.string(colorKey)),\"shape\":\(JSONText.string(options.shape.name)),\"size\":\(options.size),"
            + gradientJSON + "\"alt\":\(JSONText.string(alt))}"
    }

    /// `"gradient":{"angle":135,"stops":["#RRGGBB","#RRGGBB"]},` (start first), or nothing.
    var gradientJSON: String {
        guard let gradient = spec.gradient else { return "" }
        return "\"gradient\":{\"angle\":\(gradient.angle),\"stops\":[\(JSONText.string(gradient.start.hex)),\(JSONText.string(gradient.end.hex))]},"
    }
}
