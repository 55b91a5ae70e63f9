/// The body of `POST /purge` (API §9): `tags=p-…+p-…`, form-encoded, at most
/// `PurgeRequest.maxTags` tags. Outside bytes: every step is bounded by the body's length and
/// nothing here can trap (no unchecked arithmetic, no force-unwrap, no index past the end).
public struct PurgeRequest: Sendable, Equatable {
    /// API §9's bound on the tags one request may name.
    public static let maxTags = 1000

    /// `monogram` was named: every answer goes.
    public var all: Bool
    /// The person tags named, each once, in the order first named.
    public var people: [UInt64]

    public init(all: Bool = false, people: [UInt64] = []) {
        self.all = all
        self.people = people
    }

    /// Parses a form body. Pairs named `tags` (repeats allowed: `-d tags=a -d tags=b` is one
    /// list) hold tags separated by spaces (`+` or `%20`); other names are ignored. Tags compare
    /// case-insensitively (`p-00FF…` is `p-00ff…`). Throws for no tag, more than `maxTags`, a
    /// bad `%` escape, or a tag that is neither `monogram` nor `p-` and 16 hex digits, naming it.
    public init(body: some Collection<UInt8>) throws(OptionsError) {
        self.init()
        var count = 0
        var seen = Set<UInt64>()
        for piece in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let rawName = piece[..<(equals ?? piece.endIndex)]
            let rawValue = equals.map { piece[piece.index(after: $0)...] } ?? piece[piece.endIndex...]
            guard let name = PathSegment.percentDecode(rawName, plusIsSpace: true),
                  let value = PathSegment.percentDecode(rawValue, plusIsSpace: true)
            else { throw PurgeRequest.badEncoding }
            guard name.elementsEqual("tags".utf8) else { continue }
            for tag in value.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                count += 1
                guard count <= PurgeRequest.maxTags else {
                    throw OptionsError(parameter: "tags", message: "tags names more than \(PurgeRequest.maxTags) tags")
                }
                if tag.elementsEqual(CacheTag.all.utf8) {
                    all = true
                } else if let person = PurgeRequest.person(tag) {
                    if seen.insert(person).inserted { people.append(person) }
                } else {
                    throw OptionsError(parameter: "tags", message: "tags must be monogram or p- and 16 hex digits, not \(PurgeRequest.quoted(tag))")
                }
            }
        }
        guard count > 0 else { throw OptionsError(parameter: "tags", message: "tags must name at least one tag (tags=p-…+p-…)") }
    }

    /// `p-` + exactly 16 hex digits (either case) → the number; anything else nil.
    static func person(_ tag: some Collection<UInt8>) -> UInt64? {
        guard tag.count == 18, tag.starts(with: "p-".utf8) else { return nil }
        var value: UInt64 = 0
        for byte in tag.dropFirst(2) {
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte &- UInt8(ascii: "A") &+ 10
            default: return nil
            }
            value = value << 4 | UInt64(nibble)
        }
        return value
    }

    /// A tag for a one-line message: at most 40 bytes, controls and non-ASCII as `?`.
    static func quoted(_ tag: some Collection<UInt8>) -> String {
        let shown = tag.prefix(40).map { (0x21...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }
        return "\"" + String(decoding: shown, as: UTF8.self) + (tag.count > 40 ? "…\"" : "\"")
    }

    static let badEncoding = OptionsError(parameter: "tags", message: "body has invalid percent-encoding (form-encode it: tags=p-…+p-…)")
}
