import MonogramCore

/// Strong validators and `If-None-Match` evaluation (RFC 9110 §8.8.3, §13.1.2).
enum EntityTag {
    /// A strong tag from the canonical request and the release, so it changes exactly when the
    /// bytes may change.
    static func make(canonicalKey: String, release: String) -> String {
        make(hash: ColorKey.fnv1a64(canonicalKey.utf8, continuing: seed(release: release)))
    }

    /// The FNV-1a 64 state after `release` and the newline that separates it from the key.
    static func seed(release: String) -> UInt64 {
        ColorKey.fnv1a64("\n".utf8, continuing: ColorKey.fnv1a64(release.utf8))
    }

    /// `"` + 16 lower-case hex digits of `hash` + `"`, written digit by digit.
    static func make(hash: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var tag = [UInt8](repeating: UInt8(ascii: "\""), count: 18)
        for index in 0..<16 {
            tag[16 - index] = digits[Int(truncatingIfNeeded: (hash >> (4 * UInt64(index))) & 0xF)]
        }
        return String(decoding: tag, as: UTF8.self)
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
