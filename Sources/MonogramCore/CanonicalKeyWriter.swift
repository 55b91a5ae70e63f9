import MonogramSync

/// Writes a canonical key into bytes: what `AvatarOptions.canonicalKey` builds once per miss
/// (and per request refused by the client budget). Appending `"|" + piece` Strings cost ~7,700
/// instructions a key; this spells every piece exactly as those Strings did.
///
/// Two passes, as `HTTPHeadWriter`: `make` runs the writing function once to count and once
/// to write into the string's own storage.
struct CanonicalKeyWriter {
    private var out: TwoPassBytes

    private init(out: TwoPassBytes) {
        self.out = out
    }

    /// The string `write` spells; `write` must write the same both times it is called.
    static func make(_ write: (inout CanonicalKeyWriter) -> Void) -> String {
        var measure = CanonicalKeyWriter(out: TwoPassBytes())
        write(&measure)
        return String(unsafeUninitializedCapacity: measure.out.count) { buffer in
            var writer = CanonicalKeyWriter(out: TwoPassBytes(into: UnsafeMutableRawBufferPointer(buffer)))
            write(&writer)
            return writer.out.count
        }
    }

    mutating func append(_ text: String) { out.text(text) }

    mutating func literal(_ text: StaticString) { out.literal(text) }

    /// `String(value)`.
    mutating func append(_ value: Int) { out.decimal(value) }

    /// `AvatarOptions.canonical(value)`: integers without `.0`, else Swift's shortest
    /// round-trip form. Values with one to three decimals (every default and almost every
    /// request: 0.5, 1.5, 0.25) are spelled here; `String(value)` gives the same digits, as the
    /// only decimal that short which rounds to `value`.
    mutating func append(_ value: Double) {
        if value == value.rounded() && abs(value) < 1e9 {
            append(Int(value))
            return
        }
        if value > 0 && value < 1e9 {
            var scale = 1.0
            for places in 1...3 {
                scale *= 10
                let scaled = (value * scale).rounded()
                guard scaled / scale == value else { continue }
                let whole = Int(scaled) / Int(scale)
                var fraction = Int(scaled) % Int(scale)
                append(whole)
                byte(UInt8(ascii: "."))
                var divisor = Int(scale) / 10
                for _ in 0..<places {
                    byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / divisor))
                    fraction %= divisor
                    divisor /= 10
                }
                return
            }
        }
        append(String(value))
    }

    /// `AvatarOptions.text(value)`: `count:text`.
    mutating func text(_ value: String) {
        append(value.utf8.count)
        byte(UInt8(ascii: ":"))
        append(value)
    }

    /// `color.hex`: `#RRGGBB`, then `AA` unless opaque, upper case.
    mutating func hex(_ color: RGBA) {
        byte(UInt8(ascii: "#"))
        hexByte(color.red)
        hexByte(color.green)
        hexByte(color.blue)
        if color.alpha != 255 { hexByte(color.alpha) }
    }

    private mutating func hexByte(_ value: UInt8) {
        for nibble in [value >> 4, value & 0xF] {
            byte(nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10))
        }
    }

    private mutating func byte(_ byte: UInt8) { out.byte(byte) }
}
