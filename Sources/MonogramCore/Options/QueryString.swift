/// The query string of a request target, split and decoded (`application/x-www-form-urlencoded`
/// rules: `&` between pairs, `=` between name and value, `+` is a space).
public struct QueryString: Sendable {
    /// The pairs in order, repeats kept (the options parser rejects repeated known names).
    ///
    /// Empty pieces (`a&&b`, a trailing `&`) are skipped. A piece without `=` is a name with the
    /// value `""`; only the first `=` splits, so `a=b=c` is `a` → `b=c`. Names and values are
    /// percent-decoded as UTF-8; a bad `%` escape or bytes that are not UTF-8 throw, with
    /// parameter `query`.
    ///
    /// - Parameter raw: the part after `?`, without the `?`.
    public static func parse(_ raw: some StringProtocol) throws(OptionsError) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for piece in raw.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let name = try decode(piece[..<(equals ?? piece.endIndex)])
            let value = try equals.map { index throws(OptionsError) in
                try decode(piece[piece.index(after: index)...])
            } ?? ""
            pairs.append((name: name, value: value))
        }
        return pairs
    }

    private static func decode(_ bytes: some Collection<UInt8>) throws(OptionsError) -> String {
        guard let decoded = PathSegment.percentDecode(bytes, plusIsSpace: true) else { throw badPercentEncoding }
        guard let text = String(validating: decoded, as: UTF8.self) else { throw notUTF8 }
        return text
    }

    static let badPercentEncoding = OptionsError(parameter: "query", message: "query string has invalid percent-encoding")
    static let notUTF8 = OptionsError(parameter: "query", message: "query string is not valid UTF-8")
}
