/// Writes a canonical key into bytes: what `AvatarOptions.canonicalKey` builds once per miss
/// (and per request refused by the client budget). Appending `"|" + piece` Strings cost ~7,700
/// instructions a key; this spells every piece exactly as those Strings did.
///
/// Two passes, as `HTTPHeadWriter`: `make` runs the writing function once to count and once
/// to write into the string's own storage.
struct CanonicalKeyWriter {
    /// Nil while measuring.
    private let buffer: UnsafeMutableBufferPointer<UInt8>?
    private(set) var count = 0

    private init(buffer: UnsafeMutableBufferPointer<UInt8>?) {
        self.buffer = buffer
    }

    /// The string `write` spells; `write` must write the same both times it is called.
    static func make(_ write: (inout CanonicalKeyWriter) -> Void) -> String {
        var measure = CanonicalKeyWriter(buffer: nil)
        write(&measure)
        return String(unsafeUninitializedCapacity: measure.count) { buffer in
            var writer = CanonicalKeyWriter(buffer: buffer)
            write(&writer)
            return writer.count
        }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes($0) }
    }

    mutating func literal(_ text: StaticString) {
        bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `String(value)`.
    mutating func append(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        var rest = magnitude
        while divisor > 0 {
            byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

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

    private mutating func byte(_ byte: UInt8) {
        if let buffer {
            precondition(count < buffer.count, "a key must be written the same on both passes")
            buffer[count] = byte
        }
        count += 1
    }

    private mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let buffer {
            precondition(bytes.count <= buffer.count - count, "a key must be written the same on both passes")
            if let source = bytes.baseAddress, let target = buffer.baseAddress, !bytes.isEmpty {
                (target + count).update(from: source, count: bytes.count)
            }
        }
        count += bytes.count
    }
}
