import MonogramHTTP

/// One finished answer with both replies prebuilt, so a hit (or a revalidation) builds nothing:
/// the 200 and its 304 when it has an ETag, and until when it holds when it depends on a
/// fetched picture (answers drawn from the request alone never expire).
final class StoredAnswer: Sendable {
    let response: HTTPResponse
    /// Nil when there is nothing to revalidate (the `fallback=404` answer).
    let notModified: HTTPResponse?
    let etag: String?
    let expires: ContinuousClock.Instant?
    /// `expires == nil`, kept as a plain flag: `ContinuousClock.Instant` is not frozen, so even
    /// testing the optional for nil went through runtime value witnesses (~300 instructions of
    /// every hit).
    let neverExpires: Bool
    /// The person tags it is filed under (API §9; `CacheTag.person`), for purges.
    let tags: [UInt64]
    /// `Last-Modified` in Unix seconds, for `If-Modified-Since` (nil: the answer has none).
    let lastModified: Int?

    init(
        response: HTTPResponse, notModified: HTTPResponse?, etag: String?, expires: ContinuousClock.Instant? = nil, tags: [UInt64] = [],
        lastModified: Int? = nil
    ) {
        self.response = response
        self.notModified = notModified
        self.etag = etag
        self.expires = expires
        self.neverExpires = expires == nil
        self.tags = tags
        self.lastModified = lastModified
    }

    /// The same answer, valid until `expires` (nil: for ever).
    func expiring(at expires: ContinuousClock.Instant?) -> StoredAnswer {
        StoredAnswer(response: response, notModified: notModified, etag: etag, expires: expires, tags: tags, lastModified: lastModified)
    }

    func isFresh(at now: ContinuousClock.Instant) -> Bool {
        expires.map { now < $0 } ?? true
    }

    /// What the cache charges under `key`: the bytes this entry keeps alive, with a fixed
    /// allowance for the objects, array headers and LRU bookkeeping around them (measured:
    /// about 0.5 KiB), so `cache.max_bytes` bounds real memory, not just payloads.
    func cost(keyBytes: Int) -> Int {
        response.head.count + response.body.count + (notModified?.head.count ?? 0) + (etag?.utf8.count ?? 0) + keyBytes + 512
    }

    /// The 304 when the request's preconditions say the client has this answer (RFC 9110
    /// §13.2.2): `If-None-Match` when it is there (and then only it), else `If-Modified-Since`
    /// (`ifModifiedSince`, already parsed; nil when absent or not a date).
    func answer(ifNoneMatch: [Substring], ifModifiedSince: Int? = nil) -> HTTPResponse {
        guard let notModified else { return response }
        if !ifNoneMatch.isEmpty {
            if let etag, EntityTag.matches(ifNoneMatch: ifNoneMatch, etag: etag) { return notModified }
            return response
        }
        if let ifModifiedSince, let lastModified, lastModified <= ifModifiedSince { return notModified }
        return response
    }
}
