/// Checks a configuration file against RFC 8259 before Foundation reads it, because
/// `JSONSerialization` takes more than JSON: a trailing comma (`"port": 8080,}`) passes, and a
/// duplicate key silently keeps its last value, so an operator who set `port` twice never
/// learns which one is used. Both are errors here, naming the key (`server.port`) and the line.
///
/// Reads the bytes once, without recursion deeper than `maxDepth` and without any trapping
/// operation (libFuzzer target `config-json`): a configuration file is still bytes from outside.
struct StrictJSON {
    /// Deeper nesting than any configuration needs.
    static let maxDepth = 32

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// Keys from the root to the value being read, for messages.
    private var path: [String] = []

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    private struct Problem: Error {
        let message: String
    }

    /// Nil for strict JSON, else the first problem: `line 4: trailing comma after server.port`.
    static func problem(in bytes: [UInt8]) -> String? {
        var reader = StrictJSON(bytes)
        // A UTF-8 byte order mark, which editors on some systems write.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        do throws(Problem) {
            reader.skipSpace()
            try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.index == bytes.count else { throw reader.fail("unexpected text after the JSON value") }
            return nil
        } catch {
            return "line \(reader.line): \(error.message)"
        }
    }

    /// `server.port`, `render.fonts[2]`.
    private var here: String {
        guard !path.isEmpty else { return "the top level" }
        return path.enumerated().map { $0.offset > 0 && !$0.element.hasPrefix("[") ? "." + $0.element : $0.element }.joined()
    }

    private func fail(_ message: String) -> Problem { Problem(message: message) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            if byte == 0x0A { line += 1 }
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Problem) {
        guard current == byte else { throw fail("expected \(what) in \(here)") }
        index += 1
    }

    private mutating func value(depth: Int) throws(Problem) {
        guard depth < StrictJSON.maxDepth else { throw fail("nested deeper than \(StrictJSON.maxDepth) levels") }
        guard let byte = current else { throw fail("the text ends where a value of \(here) should be") }
        switch byte {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw fail("expected a value for \(here)")
        }
    }

    private mutating func object(depth: Int) throws(Problem) {
        index += 1
        skipSpace()
        if current == UInt8(ascii: "}") {
            index += 1
            return
        }
        var seen: Set<String> = []
        while true {
            guard current == UInt8(ascii: "\"") else { throw fail("expected a quoted key in \(here)") }
            let key = try string()
            path.append(key)
            guard seen.insert(key).inserted else { throw fail("duplicate key \(here) (each key may appear once)") }
            skipSpace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipSpace()
            try value(depth: depth + 1)
            skipSpace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipSpace()
                if current == UInt8(ascii: "}") { throw fail("trailing comma after \(here) (JSON allows none)") }
                path.removeLast()
            case UInt8(ascii: "}"):
                index += 1
                path.removeLast()
                return
            default:
                throw fail("expected ',' or '}' after \(here)")
            }
        }
    }

    private mutating func array(depth: Int) throws(Problem) {
        index += 1
        skipSpace()
        if current == UInt8(ascii: "]") {
            index += 1
            return
        }
        var position = 0
        while true {
            path.append("[\(position)]")
            try value(depth: depth + 1)
            skipSpace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipSpace()
                if current == UInt8(ascii: "]") { throw fail("trailing comma after \(here) (JSON allows none)") }
            case UInt8(ascii: "]"):
                index += 1
                path.removeLast()
                return
            default:
                throw fail("expected ',' or ']' after \(here)")
            }
            path.removeLast()
            position += 1
        }
    }

    private mutating func literal(_ word: String) throws(Problem) {
        let end = index + word.utf8.count
        guard end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) else { throw fail("expected a value for \(here)") }
        index = end
    }

    private mutating func number() throws(Problem) {
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard try digits() > 0 else { throw fail("malformed number for \(here)") }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard try digits() > 0 else { throw fail("malformed number for \(here)") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard try digits() > 0 else { throw fail("malformed number for \(here)") }
        }
    }

    private mutating func digits() throws(Problem) -> Int {
        var count = 0
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            index += 1
            count += 1
        }
        return count
    }

    /// A string's decoded text (keys are compared decoded: `"a"` and `"\u0061"` are one key).
    private mutating func string() throws(Problem) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var start = index
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars) }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                scalars.append(try escape())
                start = index
            case 0..<0x20:
                throw fail("a control character inside a string of \(here) (write it as \\u00XX)")
            default:
                index += 1
            }
        }
        throw fail("a string of \(here) is never closed")
    }

    private mutating func escape() throws(Problem) -> Unicode.Scalar {
        guard let byte = current else { throw fail("a string of \(here) is never closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if (0xD800..<0xDC00).contains(unit), bytes[index...].starts(with: "\\u".utf8) {
                index += 2
                let low = try hexUnit()
                guard (0xDC00..<0xE000).contains(low) else { return "\u{FFFD}" }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
            }
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        default:
            throw fail("unknown escape \\\(Unicode.Scalar(byte)) in a string of \(here)")
        }
    }

    private mutating func hexUnit() throws(Problem) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw fail("a \\u escape of \(here) is cut short") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("a \\u escape of \(here) needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
