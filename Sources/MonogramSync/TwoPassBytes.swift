/// Bytes spelled in two passes: once into nothing, only counting, then into storage allocated
/// at exactly that count. The response heads (`HTTPHeadWriter`) and the canonical keys
/// (`CanonicalKeyWriter`) are written this way, so what the caches keep holds no slack their
/// byte accounting would miss, and no `String` is built on the way. Shared here because both
/// modules depend on this one and on nothing else in common.
public struct TwoPassBytes {
    /// Nil while counting.
    private let buffer: UnsafeMutableRawBufferPointer?
    /// Bytes written (or, while counting, that would be).
    public private(set) var count = 0

    /// A writer that only counts.
    public init() {
        buffer = nil
    }

    /// A writer into `buffer`, which must hold what the counting pass counted.
    public init(into buffer: UnsafeMutableRawBufferPointer) {
        self.buffer = buffer
    }

    public mutating func byte(_ byte: UInt8) {
        if let buffer {
            precondition(count < buffer.count, "a two-pass writer must write the same bytes on both passes")
            buffer[count] = byte
        }
        count += 1
    }

    public mutating func write(_ bytes: UnsafeRawBufferPointer) {
        if let buffer {
            precondition(bytes.count <= buffer.count - count, "a two-pass writer must write the same bytes on both passes")
            if let source = bytes.baseAddress, let target = buffer.baseAddress, !bytes.isEmpty {
                (target + count).copyMemory(from: source, byteCount: bytes.count)
            }
        }
        count += bytes.count
    }

    /// The string's UTF-8 bytes.
    public mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    public mutating func literal(_ text: StaticString) {
        write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `value` in decimal, as `String(value)` spells it.
    public mutating func decimal(_ value: Int) {
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
}
