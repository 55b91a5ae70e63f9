/// Names one cacheable answer: which kind of answer it is and the canonical request it answers.
///
/// A value, not a concatenated string: the kind cannot be forged by request text, and equal
/// requests (`AvatarOptions.canonicalKey` / `GroupOptions.canonicalKey(names:)`) share a key.
/// `etagSeed` is the text the ETag hashes; it is the same text the service hashed before keys
/// were typed, so validators that clients hold stay valid across this change.
public struct AnswerKey: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: UInt8, Sendable {
        case avatar
        case group
        /// `/gravatar/{hash}` (API §7): `canonical` names the hash, size and what is drawn.
        case gravatar
    }

    public let kind: Kind
    /// The canonical options (for avatars) or options and names (for groups).
    public let canonical: String
    /// The decoded name of an avatar (empty for groups: their names are in `canonical`).
    public let name: String

    public static func avatar(_ options: AvatarOptions, name: String) -> AnswerKey {
        AnswerKey(kind: .avatar, canonical: options.canonicalKey, name: name)
    }

    public static func group(_ options: GroupOptions, names: [String]) -> AnswerKey {
        AnswerKey(kind: .group, canonical: options.canonicalKey(names: names), name: "")
    }

    /// `canonical` is the hash, the size and the drawing (`GravatarDrawing.canonical`), which
    /// names a directory entry by its content version.
    public static func gravatar(_ canonical: String) -> AnswerKey {
        AnswerKey(kind: .gravatar, canonical: canonical, name: "")
    }

    /// For log lines and render-failure messages.
    public var description: String { etagSeed(.plain) }

    /// Bytes this key keeps alive in a cache entry (for the cache's byte accounting).
    public var storageBytes: Int { canonical.utf8.count + name.utf8.count + 32 }

    /// FNV-1a 64 of `etagSeed(variant)` continuing `hash` (the release's bytes and a newline,
    /// hashed once), fed piece by piece for the plain variant of every initials miss instead of
    /// concatenating the seed first.
    public func etagHash(_ variant: AnswerVariant, continuing hash: UInt64) -> UInt64 {
        guard case .plain = variant else { return ColorKey.fnv1a64(etagSeed(variant).utf8, continuing: hash) }
        switch kind {
        case .avatar:
            let prefix = ColorKey.fnv1a64(canonical.utf8, continuing: ColorKey.fnv1a64("avatar|".utf8, continuing: hash))
            return ColorKey.fnv1a64(name.utf8, continuing: ColorKey.fnv1a64("|n=".utf8, continuing: prefix))
        case .group: return ColorKey.fnv1a64(canonical.utf8, continuing: ColorKey.fnv1a64("group|".utf8, continuing: hash))
        case .gravatar: return ColorKey.fnv1a64(canonical.utf8, continuing: ColorKey.fnv1a64("gravatar|".utf8, continuing: hash))
        }
    }

    /// What the ETag is computed from: the request, plus what else the bytes depend on.
    public func etagSeed(_ variant: AnswerVariant) -> String {
        var seed: String
        switch kind {
        case .avatar: seed = "avatar|" + canonical + "|n=" + name
        case .group: seed = "group|" + canonical
        case .gravatar: seed = "gravatar|" + canonical
        }
        switch variant {
        case .plain: break
        case .picture(let digest): seed += "|picture|" + String(digest, radix: 16)
        case .pictureFallback: seed += "|fallback"
        case .groupPictures(let digests):
            seed += "|pictures|" + digests.map { "\($0.face):" + String($0.digest, radix: 16) }.joined(separator: ",")
        }
        return seed
    }
}

/// What an answer's bytes depend on besides its request: a changed picture must not
/// revalidate as the old one, and initials drawn for want of a picture are not the picture.
public enum AnswerVariant: Sendable, Equatable {
    /// Only the request (initials, placeholder, JSON).
    case plain
    /// Drawn with the picture whose source bytes have this digest.
    case picture(digest: UInt64)
    /// Drawn without its picture (initials in its place).
    case pictureFallback
    /// A group drawn with the pictures of these faces.
    case groupPictures([(face: Int, digest: UInt64)])

    public static func == (lhs: AnswerVariant, rhs: AnswerVariant) -> Bool {
        switch (lhs, rhs) {
        case (.plain, .plain), (.pictureFallback, .pictureFallback): true
        case let (.picture(a), .picture(b)): a == b
        case let (.groupPictures(a), .groupPictures(b)): a.elementsEqual(b) { $0.face == $1.face && $0.digest == $1.digest }
        default: false
        }
    }
}
