import MonogramHTTP

/// An answer that depends on a fetched picture, with the moment it stops being valid: the
/// picture's lifetime when drawn with it, the failure's when drawn without.
final class PictureAnswer: Sendable {
    enum Body: Sendable {
        /// An image, with its ETag and prebuilt 304.
        case avatar(CachedAvatar)
        /// The `fallback=404` answer (no ETag: there is nothing to revalidate).
        case plain(HTTPResponse)
    }

    let body: Body
    /// Monotonic nanoseconds.
    let expires: UInt64

    init(body: Body, expires: UInt64) {
        self.body = body
        self.expires = expires
    }

    func answer(ifNoneMatch: [Substring]) -> HTTPResponse {
        switch body {
        case .avatar(let cached): cached.answer(ifNoneMatch: ifNoneMatch)
        case .plain(let response): response
        }
    }

    func cost(key: String) -> Int {
        switch body {
        case .avatar(let cached): cached.cost(key: key) + 64
        case .plain(let response): response.head.count + response.body.count + key.utf8.count + 512
        }
    }
}
