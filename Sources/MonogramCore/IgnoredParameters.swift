/// The query parameters a route does not know (API §11: `X-Avatar-Ignored`, or a 400 with
/// `http.strict_parameters`). Reads bytes from strangers: no trapping operation, and what it
/// returns is safe as a header value whatever the query held.
public enum IgnoredParameters {
    /// Names listed at most (API §11).
    public static let maxListed = 8
    /// Bytes of one listed name at most; a longer one is cut (and ends in `…` spelled `...`).
    public static let maxNameBytes = 64
    /// Never listed, on any route: the cache-busting convention (API §1).
    public static let cacheBuster = "v"
    /// Known on every route: the signature and its expiry (API §8, §11).
    public static let signing: Set<String> = ["sig", "exp"]

    /// The unknown names of `rawQuery` (the part after `?`), decoded and then made safe for a
    /// header (bytes outside printable ASCII, `,`, `%` and `"` percent-encoded), each once,
    /// sorted, at most `maxListed`. A name that does not decode is listed as sent.
    public static func names(in rawQuery: Substring, known: Set<String>) -> [String] {
        var found: Set<String> = []
        for piece in rawQuery.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let rawName = piece.prefix { $0 != UInt8(ascii: "=") }
            // `=value` has no name to list (found by the options fuzz target: it made an empty
            // entry, `a, , b`).
            guard !rawName.isEmpty else { continue }
            let decoded = PathSegment.percentDecode(rawName, plusIsSpace: true) ?? Array(rawName)
            if let name = String(validating: decoded, as: UTF8.self), known.contains(name) || signing.contains(name) || name == cacheBuster {
                continue
            }
            found.insert(display(decoded))
        }
        return Array(found.sorted().prefix(maxListed))
    }

    /// `X-Avatar-Ignored`'s value: the names joined by `, `.
    public static func header(_ names: [String]) -> String { names.joined(separator: ", ") }

    /// The name as a header-safe token-ish text.
    static func display(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        for byte in bytes {
            let plain = (0x21...0x7E).contains(byte) && byte != UInt8(ascii: ",") && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "\"")
            let digits = Array("0123456789ABCDEF".utf8)
            let spelled = plain ? [byte] : [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            guard out.count + spelled.count <= maxNameBytes else {
                out += Array("...".utf8)
                break
            }
            out += spelled
        }
        return String(decoding: out, as: UTF8.self)
    }
}
