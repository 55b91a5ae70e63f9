public import MonogramSync

/// Writes a canonical key: every cache key (answers, `/gravatar`, pictures) and every ETag
/// seed is one sequence of length-prefixed fields in this one encoding, so no field's content
/// can be read as a separator and two different field lists never make the same key.
///
/// Each field is a netstring, `<byte count>:<bytes>,` (`3:128,1:1,2:sq,0:,`): the count says
/// where the field ends whatever it holds, so the list decodes back (`fields(of:)`) and the
/// encoding is injective by construction. Optional free text is `0:,` when absent and `=` plus
/// the text when present (`5:=Jane,`), so "absent" differs from every text, the empty one too.
///
/// Two passes, as `HTTPHeadWriter`: `make` runs the writing function once to count and once
/// to write into the string's own storage (a key is built once per miss; appending Strings
/// cost ~7,700 instructions a key).
public struct CanonicalKeyWriter {
    private var out: TwoPassBytes

    private init(out: TwoPassBytes) {
        self.out = out
    }

    /// The string `write` spells; `write` must write the same both times it is called.
    public static func make(_ write: (inout CanonicalKeyWriter) -> Void) -> String {
        var measure = CanonicalKeyWriter(out: TwoPassBytes())
        write(&measure)
        return String(unsafeUninitializedCapacity: measure.out.count) { buffer in
            var writer = CanonicalKeyWriter(out: TwoPassBytes(into: UnsafeMutableRawBufferPointer(buffer)))
            write(&writer)
            return writer.out.count
        }
    }

    /// The key of `fields`, each one field.
    public static func make(fields: [String]) -> String {
        make { key in
            for field in fields { key.field(field) }
        }
    }

    /// One field whose bytes `body` writes (with the `append` functions): `count:bytes,`.
    /// The body runs once more to count them, so it must write the same each time.
    public mutating func field(_ body: (inout CanonicalKeyWriter) -> Void) {
        var measure = CanonicalKeyWriter(out: TwoPassBytes())
        body(&measure)
        out.decimal(measure.out.count)
        byte(UInt8(ascii: ":"))
        body(&self)
        byte(UInt8(ascii: ","))
    }

    /// A field holding `text`.
    public mutating func field(_ text: String) {
        out.decimal(text.utf8.count)
        byte(UInt8(ascii: ":"))
        out.text(text)
        byte(UInt8(ascii: ","))
    }

    /// A field holding a word of our own vocabulary (`sq`, `png`, `-`).
    public mutating func field(_ text: StaticString) {
        out.decimal(text.utf8CodeUnitCount)
        byte(UInt8(ascii: ":"))
        out.literal(text)
        byte(UInt8(ascii: ","))
    }

    /// A field holding `value` in decimal.
    public mutating func field(_ value: Int) {
        field { $0.append(value) }
    }

    /// A field holding `value` as `append(_: Double)` spells it.
    public mutating func field(_ value: Double) {
        field { $0.append(value) }
    }

    /// Optional free text: `0:,` when nil, else `=` and the text.
    public mutating func optional(_ text: String?) {
        guard let text else {
            field("")
            return
        }
        out.decimal(text.utf8.count + 1)
        byte(UInt8(ascii: ":"))
        byte(UInt8(ascii: "="))
        out.text(text)
        byte(UInt8(ascii: ","))
    }

    /// A colour field: `#RRGGBB`, then `AA` unless opaque, upper case.
    public mutating func field(hex color: RGBA) {
        field { $0.hex(color) }
    }

    // MARK: Inside a field

    public mutating func append(_ text: String) { out.text(text) }

    public mutating func literal(_ text: StaticString) { out.literal(text) }

    /// `String(value)`.
    public mutating func append(_ value: Int) { out.decimal(value) }

    /// `AvatarOptions.canonical(value)`: integers without `.0`, else Swift's shortest
    /// round-trip form. Values with one to three decimals (every default and almost every
    /// request: 0.5, 1.5, 0.25) are spelled here; `String(value)` gives the same digits, as the
    /// only decimal that short which rounds to `value`.
    public mutating func append(_ value: Double) {
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

    /// `color.hex`: `#RRGGBB`, then `AA` unless opaque, upper case.
    public mutating func hex(_ color: RGBA) {
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

extension CanonicalKeyWriter {
    /// The fields of `key`, or nil when it is not a sequence of netstrings. The inverse of
    /// `make(fields:)` (tests and the fuzz target check it is); never traps on any input.
    public static func fields(of key: String) -> [String]? {
        let bytes = Array(key.utf8)
        var fields: [String] = []
        var index = 0
        while index < bytes.count {
            var length = 0
            var digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                // A count with a leading zero (or past what any key holds) is not canonical.
                guard digits == 0 || length != 0, digits < 9 else { return nil }
                length = length * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard length <= bytes.count - index - 1, bytes[index + length] == UInt8(ascii: ",") else { return nil }
            fields.append(String(decoding: bytes[index..<(index + length)], as: UTF8.self))
            index += length + 1
        }
        return fields
    }
}
