import MonogramCore

/// Strong validators and `If-None-Match` evaluation (RFC 9110 §8.8.3, §13.1.2).
enum EntityTag {
    /// A strong tag from the canonical request and the release, so it changes exactly when the
    /// bytes may change.
    static func make(canonicalKey: String, release: String) -> String {
        let hash = ColorKey.fnv1a64(Array((release + "\n" + canonicalKey).utf8))
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// True when any listed tag matches `etag` by weak comparison, or the list is `*`.
    static func matches(ifNoneMatch fields: [Substring], etag: String) -> Bool {
        let opaque = etag.utf8.dropFirst(0)
        for field in fields {
            for candidate in field.split(separator: ",") {
                var tag = candidate.drop(while: { $0 == " " || $0 == "\t" })
                while let last = tag.last, last == " " || last == "\t" { tag = tag.dropLast() }
                if tag == "*" { return true }
                if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                if tag.utf8.elementsEqual(opaque) { return true }
            }
        }
        return false
    }
}
