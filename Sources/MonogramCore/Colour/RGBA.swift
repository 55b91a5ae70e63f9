/// An sRGB colour with 8-bit channels and straight (not premultiplied) alpha.
public struct RGBA: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let white = RGBA(red: 255, green: 255, blue: 255)
    /// The text colour used where white does not reach 4.5:1 (softer than pure black).
    public static let nearBlack = RGBA(red: 0x1F, green: 0x1F, blue: 0x1F)
    public static let transparent = RGBA(red: 0, green: 0, blue: 0, alpha: 0)

    /// Parses `RGB`, `RRGGBB` or `RRGGBBAA`, with an optional leading `#`; nil otherwise.
    public init?(hex: some StringProtocol) {
        var digits = Substring(hex)
        if digits.first == "#" { digits = digits.dropFirst() }
        var values: [UInt8] = []
        values.reserveCapacity(8)
        for character in digits.utf8 {
            guard let value = RGBA.hexValue(character) else { return nil }
            values.append(value)
        }
        switch values.count {
        case 3:
            self.init(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
        case 6:
            self.init(red: values[0] << 4 | values[1], green: values[2] << 4 | values[3], blue: values[4] << 4 | values[5])
        case 8:
            self.init(
                red: values[0] << 4 | values[1], green: values[2] << 4 | values[3],
                blue: values[4] << 4 | values[5], alpha: values[6] << 4 | values[7])
        default:
            return nil
        }
    }

    /// `#RRGGBB` in upper case, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        var text = "#" + RGBA.twoDigits(red) + RGBA.twoDigits(green) + RGBA.twoDigits(blue)
        if alpha != 255 { text += RGBA.twoDigits(alpha) }
        return text
    }

    /// The same colour, fully opaque (what the text-contrast rules look at).
    public var opaque: RGBA { RGBA(red: red, green: green, blue: blue) }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func twoDigits(_ value: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
    }
}
