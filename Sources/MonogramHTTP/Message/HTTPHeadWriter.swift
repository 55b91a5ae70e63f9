/// Writes a response head straight into bytes: the status line, header lines and the
/// `Content-Length` line, with numbers formatted digit by digit. String interpolation and
/// appends built every head as a `String` first (~18,000 instructions per head, two heads per
/// cache miss).
///
/// `HTTPResponse` runs the caller's writing closure twice, first to count the bytes and then
/// to write them into an array of exactly that capacity, so a cached head holds no slack that
/// the cache's byte accounting (`head.count`) would miss.
public struct HTTPHeadWriter {
    private var bytes: [UInt8] = []
    private let measuring: Bool
    /// Bytes written (or, while measuring, that would be).
    private(set) var count = 0

    init(measuring: Bool, capacity: Int = 0) {
        self.measuring = measuring
        if !measuring { bytes.reserveCapacity(capacity) }
    }

    /// One `name: value` line.
    public mutating func field(_ name: String, _ value: String) {
        text(name)
        text(": ")
        text(value)
        text("\r\n")
    }

    /// Lines serialised once, e.g. the headers every answer of a service carries.
    public mutating func append(_ lines: HTTPHeaderLines) {
        raw(lines.bytes)
    }

    /// `name: <decimal>` for a non-negative number, e.g. `Retry-After`.
    public mutating func field(_ name: String, _ number: Int) {
        text(name)
        text(": ")
        decimal(number)
        text("\r\n")
    }

    mutating func statusLine(_ status: HTTPStatus) {
        text("HTTP/1.1 ")
        decimal(status.code)
        text(" ")
        text(status.reason)
        text("\r\n")
    }

    mutating func text(_ text: String) {
        count += text.utf8.count
        if !measuring { bytes.append(contentsOf: text.utf8) }
    }

    mutating func raw(_ raw: [UInt8]) {
        count += raw.count
        if !measuring { bytes.append(contentsOf: raw) }
    }

    /// `value` in decimal, as `"\(value)"` spells it.
    mutating func decimal(_ value: Int) {
        if value < 0 { text("-") }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        var digits = 1
        while divisor <= magnitude / 10 {
            divisor *= 10
            digits += 1
        }
        count += digits
        guard !measuring else { return }
        var rest = magnitude
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The bytes written; call once, after the writing pass.
    consuming func finish() -> [UInt8] { bytes }
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
