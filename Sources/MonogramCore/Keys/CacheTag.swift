/// The cache tags of API §9: what a shared cache (Varnish xkey, Fastly `Surrogate-Key`,
/// Cloudflare `Cache-Tag`) files an answer under, so one person's answers can be purged
/// together in every size, shape, format, theme and group.
///
/// A person's tag is `p-` and 16 lower-case hex digits of the FNV-1a 64 of their colour key,
/// folded exactly as the colour rule folds it (`ColorKey.hash`): the same person has the same
/// tag wherever they are drawn, and a client can compute it without asking.
public enum CacheTag {
    /// Carried by every image answer first: purging it drops everything Monogram answered.
    public static let all = "monogram"

    /// The person tag of a colour key, as a number (`ColorKey.hash`).
    public static func person(_ key: String) -> UInt64 {
        ColorKey.hash(key)
    }

    /// `p-` + 16 lower-case hex digits.
    public static func text(_ tag: UInt64) -> String {
        var bytes: [UInt8] = Array("p-".utf8)
        bytes.reserveCapacity(18)
        for shift in stride(from: 60, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: tag >> UInt64(shift)) & 0xF
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The tag header's value: `monogram`, then each person tag once, in the order given.
    public static func header(_ tags: [UInt64]) -> String {
        var seen: [UInt64] = []
        var value = all
        for tag in tags where !seen.contains(tag) {
            seen.append(tag)
            value += " " + text(tag)
        }
        return value
    }

    /// The person tags of the faces drawn: one per distinct non-empty colour key, in face
    /// order. An empty key is nobody (the placeholder of a user who has set nothing).
    public static func people(_ keys: some Sequence<String>) -> [UInt64] {
        var tags: [UInt64] = []
        for key in keys where !key.isEmpty {
            let tag = person(key)
            if !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }
}
