import MonogramSync

/// Writes a response head straight into bytes: the status line, header lines and the
/// `Content-Length` line, with numbers formatted digit by digit. String interpolation and
/// appends built every head as a `String` first (~18,000 instructions per head, two heads per
/// cache miss).
///
/// `HTTPResponse` runs the caller's writing closure twice, first to count the bytes and then
/// to copy them into an array allocated at exactly that size, so a cached head holds no slack
/// that the cache's byte accounting (`head.count`) would miss.
public struct HTTPHeadWriter {
    private var out: TwoPassBytes
    /// Bytes written (or, while measuring, that would be).
    var count: Int { out.count }

    /// A writer that only counts.
    init() {
        out = TwoPassBytes()
    }

    /// A writer into `buffer`, which must hold what the measuring pass counted.
    init(into buffer: UnsafeMutableRawBufferPointer) {
        out = TwoPassBytes(into: buffer)
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

    mutating func text(_ text: String) { out.text(text) }

    mutating func literal(_ text: StaticString) { out.literal(text) }

    /// `value` in decimal, as `"\(value)"` spells it.
    mutating func decimal(_ value: Int) { out.decimal(value) }

    private mutating func write(_ bytes: UnsafeRawBufferPointer) { out.write(bytes) }
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
