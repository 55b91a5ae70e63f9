/// Writes a response head straight into bytes: the status line, header lines and the
/// `Content-Length` line, with numbers formatted digit by digit. String interpolation and
/// appends built every head as a `String` first (~18,000 instructions per head, two heads per
/// cache miss).
///
/// `HTTPResponse` runs the caller's writing closure twice, first to count the bytes and then
/// to copy them into an array allocated at exactly that size, so a cached head holds no slack
/// that the cache's byte accounting (`head.count`) would miss.
public struct HTTPHeadWriter {
    /// Nil while measuring.
    private let buffer: UnsafeMutableRawBufferPointer?
    /// Bytes written (or, while measuring, that would be).
    private(set) var count = 0

    /// A writer that only counts.
    init() {
        buffer = nil
    }

    /// A writer into `buffer`, which must hold what the measuring pass counted.
    init(into buffer: UnsafeMutableRawBufferPointer) {
        self.buffer = buffer
    }

    /// One `name: value` line.
    public mutating func field(_ name: String, _ value: String) {
        text(name)
        literal(": ")
        text(value)
        literal("\r\n")
    }

    /// `name: <decimal>`, e.g. `Retry-After`.
    public mutating func field(_ name: String, _ number: Int) {
        text(name)
        literal(": ")
        decimal(number)
        literal("\r\n")
    }

    /// Lines serialised once, e.g. the headers every answer of a service carries.
    public mutating func append(_ lines: HTTPHeaderLines) {
        lines.bytes.withUnsafeBytes { write($0) }
    }

    mutating func statusLine(_ status: HTTPStatus) {
        literal("HTTP/1.1 ")
        decimal(status.code)
        literal(" ")
        text(status.reason)
        literal("\r\n")
    }

    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    mutating func literal(_ text: StaticString) {
        write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `value` in decimal, as `"\(value)"` spells it.
    mutating func decimal(_ value: Int) {
        if value < 0 { literal("-") }
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

    private mutating func byte(_ byte: UInt8) {
        if let buffer {
            precondition(count < buffer.count, "a head's fields must write the same bytes on both passes")
            buffer[count] = byte
        }
        count += 1
    }

    private mutating func write(_ bytes: UnsafeRawBufferPointer) {
        if let buffer {
            precondition(bytes.count <= buffer.count - count, "a head's fields must write the same bytes on both passes")
            if let source = bytes.baseAddress, let target = buffer.baseAddress, !bytes.isEmpty {
                (target + count).copyMemory(from: source, byteCount: bytes.count)
            }
        }
        count += bytes.count
    }
}

/// Header lines serialised once (`name: value\r\n` each), for the constant part of many heads.
public struct HTTPHeaderLines: Sendable {
    public let bytes: [UInt8]

    public init(_ fields: [(name: String, value: String)]) {
        var text = ""
        for field in fields { text += field.name + ": " + field.value + "\r\n" }
        bytes = Array(text.utf8)
    }
}
