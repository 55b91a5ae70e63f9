/// Minimal JSON writing for the `.json` format: strings escaped per RFC 8259 §7.
public enum JSONText {
    public static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension ResolvedAvatar {
    /// `{"name":…,"initials":…,"background":"#RRGGBB","color":"#RRGGBB","id":…,"shape":…,"size":…}`,
    /// the colours of the theme drawn; `"background":"transparent"` when there is none.
    public var json: String {
        let background = options.background == .transparent ? "transparent" : spec.background.hex
        return "{\"name\":\(JSONText.string(name)),\"initials\":\(JSONText.string(initials)),"
            + "\"background\":\(JSONText.string(background)),\"color\":\(JSONText.string(spec.foreground.hex)),"
            + "\"id\":\(JSONText.string(colorKey)),\"shape\":\(JSONText.string(options.shape.name)),\"size\":\(options.size)}"
    }
}
