import MonogramCore

/// The keys of the picture caches, in the one key encoding (`CanonicalKeyWriter`): what is
/// kept (the fetched bytes or the decoded square) and the normal form of the URL, each a
/// length-prefixed field, like every other cache key of the service.
enum PictureKey {
    /// The fetched bytes of `url` (and a failure remembered for them).
    static func source(_ url: String) -> String {
        CanonicalKeyWriter.make { key in
            key.field("source")
            key.field(url)
        }
    }

    /// The decoded square of `url`.
    static func decoded(_ url: String) -> String {
        CanonicalKeyWriter.make { key in
            key.field("decoded")
            key.field(url)
        }
    }
}
