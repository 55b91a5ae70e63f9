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

    /// For the JSON format: a string literal with every C0 and C1 control escaped.
    static func json(_ text: String) -> String {
        JSONText.string(text)
    }
}
