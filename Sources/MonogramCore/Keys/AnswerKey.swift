/// Names one cacheable answer: which kind of answer it is and the canonical request it answers.
///
/// A value, not a concatenated string: the kind cannot be forged by request text, and equal
/// requests (`AvatarOptions.canonicalKey` / `GroupOptions.canonicalKey(names:)`) share a key.
/// `etagSeed` is the text the ETag hashes, in the one key encoding (`CanonicalKeyWriter`):
/// the kind, the canonical request, the name, then what else the bytes depend on, each a
/// length-prefixed field, so no two different answers share a seed.
public struct AnswerKey: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: UInt8, Sendable {
        case avatar
        case group
        /// `/gravatar/{hash}` (API §7): `canonical` names the hash, size and what is drawn.
        case gravatar

        /// The seed's first field.
        var word: StaticString {
            switch self {
            case .avatar: "avatar"
            case .group: "group"
            case .gravatar: "gravatar"
            }
        }
    }

    public let kind: Kind
    /// The canonical options (for avatars) or options and names (for groups), in the key
    /// encoding.
    public let canonical: String
    /// The decoded name of an avatar (empty for groups: their names are in `canonical`).
    public let name: String

    public static func avatar(_ options: AvatarOptions, name: String) -> AnswerKey {
        AnswerKey(kind: .avatar, canonical: options.canonicalKey, name: name)
    }

    public static func group(_ options: GroupOptions, names: [String]) -> AnswerKey {
        AnswerKey(kind: .group, canonical: options.canonicalKey(names: names), name: "")
    }

    /// `canonical` is the hash, the size and the drawing in the key encoding
    /// (`GravatarDrawing.canonicalKey`), which names a directory entry by its content version.
    public static func gravatar(_ canonical: String) -> AnswerKey {
        AnswerKey(kind: .gravatar, canonical: canonical, name: "")
    }

    /// For log lines and render-failure messages.
    public var description: String { etagSeed(.plain) }

    /// Bytes this key keeps alive in a cache entry (for the cache's byte accounting).
    public var storageBytes: Int { canonical.utf8.count + name.utf8.count + 32 }

    /// FNV-1a 64 of `etagSeed(variant)` continuing `hash` (the release's bytes and a newline,
    /// hashed once), fed field by field for the plain variant of every initials miss instead of
    /// building the seed first.
    public func etagHash(_ variant: AnswerVariant, continuing hash: UInt64) -> UInt64 {
        guard case .plain = variant else { return ColorKey.fnv1a64(etagSeed(variant).utf8, continuing: hash) }
        var hash = AnswerKey.field(kind.word.utf8Start, count: kind.word.utf8CodeUnitCount, continuing: hash)
        hash = AnswerKey.field(canonical, continuing: hash)
        return kind == .avatar ? AnswerKey.field(name, continuing: hash) : hash
    }

    /// What the ETag is computed from: the request, plus what else the bytes depend on.
    public func etagSeed(_ variant: AnswerVariant) -> String {
        CanonicalKeyWriter.make { key in
            key.field(kind.word)
            key.field(canonical)
            if kind == .avatar { key.field(name) }
            switch variant {
            case .plain: break
            case .picture(let digest):
                key.field("picture")
                key.field(String(digest, radix: 16))
            case .pictureFallback:
                key.field("fallback")
            case .groupPictures(let digests):
                key.field("pictures")
                key.field(digests.count)
                for (face, digest) in digests {
                    key.field(face)
                    key.field(String(digest, radix: 16))
                }
            }
        }
    }

    /// The hash of one field, `count:bytes,`, continuing `hash`.
    private static func field(_ text: String, continuing hash: UInt64) -> UInt64 {
        let prefix = ColorKey.fnv1a64(String(text.utf8.count).utf8, continuing: hash)
        let body = ColorKey.fnv1a64(text.utf8, continuing: ColorKey.fnv1a64(CollectionOfOne(UInt8(ascii: ":")), continuing: prefix))
        return ColorKey.fnv1a64(CollectionOfOne(UInt8(ascii: ",")), continuing: body)
    }

    private static func field(_ start: UnsafePointer<UInt8>, count: Int, continuing hash: UInt64) -> UInt64 {
        let prefix = ColorKey.fnv1a64(String(count).utf8, continuing: hash)
        let body = ColorKey.fnv1a64(UnsafeBufferPointer(start: start, count: count), continuing: ColorKey.fnv1a64(CollectionOfOne(UInt8(ascii: ":")), continuing: prefix))
        return ColorKey.fnv1a64(CollectionOfOne(UInt8(ascii: ",")), continuing: body)
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
