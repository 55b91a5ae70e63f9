/// Writes a canonical key into bytes: what `AvatarOptions.canonicalKey` builds once per miss
/// (and per request refused by the client budget). Appending `"|" + piece` Strings cost ~7,700
/// instructions a key; this spells every piece exactly as those Strings did.
struct CanonicalKeyWriter {
    private var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// `String(value)`.
    mutating func append(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        var rest = magnitude
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// `AvatarOptions.canonical(value)`: integers without `.0`, else the shortest round trip.
    mutating func append(_ value: Double) {
        if value == value.rounded() && abs(value) < 1e9 { append(Int(value)) } else { append(String(value)) }
    }

    /// `AvatarOptions.text(value)`: `count:text`.
    mutating func text(_ value: String) {
        append(value.utf8.count)
        bytes.append(UInt8(ascii: ":"))
        append(value)
    }

    /// `color.hex`: `#RRGGBB`, then `AA` unless opaque, upper case.
    mutating func hex(_ color: RGBA) {
        bytes.append(UInt8(ascii: "#"))
        for channel in color.alpha == 255 ? [color.red, color.green, color.blue] : [color.red, color.green, color.blue, color.alpha] {
            bytes.append(Self.digit(channel >> 4))
            bytes.append(Self.digit(channel & 0xF))
        }
    }

    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
