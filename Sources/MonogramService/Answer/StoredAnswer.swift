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

    init(response: HTTPResponse, notModified: HTTPResponse?, etag: String?, expires: ContinuousClock.Instant? = nil, tags: [UInt64] = []) {
        self.response = response
        self.notModified = notModified
        self.etag = etag
        self.expires = expires
        self.neverExpires = expires == nil
        self.tags = tags
    }

    /// The same answer, valid until `expires` (nil: for ever).
    func expiring(at expires: ContinuousClock.Instant?) -> StoredAnswer {
        StoredAnswer(response: response, notModified: notModified, etag: etag, expires: expires, tags: tags)
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

    func answer(ifNoneMatch: [Substring]) -> HTTPResponse {
        if !ifNoneMatch.isEmpty, let etag, let notModified, EntityTag.matches(ifNoneMatch: ifNoneMatch, etag: etag) { return notModified }
        return response
    }
}
