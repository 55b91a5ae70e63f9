import MonogramCore

/// Making text from strangers safe to put in a log line: one record per line, whatever the
/// request target, header or error detail contains.
enum LogText {
    /// For the text format: visible ASCII as it is; everything else — C0 and C1 controls,
    /// spaces, quotes, non-ASCII — as `?`, at most 2048 scalars, so a field stays one token and
    /// a record one line (U+0085 is a line break to many readers).
    static func printable(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") }) { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(2048).map { $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" ? $0 : "?" }))
    }

    /// For a message in the text format: C0 and C1 controls (line breaks included) and format
    /// characters (bidi controls, which would reorder the line on a terminal) as `?`,
    /// everything else as it is, so a message stays one line and reads as written.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }

    /// C0, DEL and C1 (U+0080–U+009F), the Unicode line and paragraph separators, and format
    /// characters (category Cf: U+200E, U+202E, U+2066–U+2069, …).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
            || (scalar.value >= 0xAD && scalar.properties.generalCategory == .format)
    }

    /// For the JSON format: a string literal with every C0 and C1 control and every format
    /// character (bidi controls included) escaped as `\uXXXX`.
    static func json(_ text: String) -> String {
        JSONText.string(text, escapingFormat: true)
    }
}
