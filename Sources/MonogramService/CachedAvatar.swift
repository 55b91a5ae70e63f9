import MonogramHTTP

/// One encoded avatar with both answers prebuilt, so a hit (or a revalidation) builds nothing.
final class CachedAvatar: Sendable {
    let response: HTTPResponse
    let notModified: HTTPResponse
    let etag: String

    init(response: HTTPResponse, notModified: HTTPResponse, etag: String) {
        self.response = response
        self.notModified = notModified
        self.etag = etag
    }

    /// What the cache charges: the bytes this entry keeps alive.
    var cost: Int { response.head.count + response.body.count + notModified.head.count + 64 }

    func answer(ifNoneMatch: [Substring]) -> HTTPResponse {
        if !ifNoneMatch.isEmpty, EntityTag.matches(ifNoneMatch: ifNoneMatch, etag: etag) { return notModified }
        return response
    }
}
