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

    /// What the cache charges under `key`: the bytes this entry keeps alive, with a fixed
    /// allowance for the objects, array headers, key storage and LRU bookkeeping around them
    /// (measured: about 0.5 KiB), so `cache.max_bytes` bounds real memory, not just payloads.
    func cost(key: String) -> Int {
        response.head.count + response.body.count + notModified.head.count + etag.utf8.count + key.utf8.count + 512
    }

    /// What an alias (raw URL → canonical key) costs: both strings and the bookkeeping.
    static func aliasCost(rawKey: String, key: String) -> Int {
        rawKey.utf8.count + key.utf8.count + 192
    }

    func answer(ifNoneMatch: [Substring]) -> HTTPResponse {
        if !ifNoneMatch.isEmpty, EntityTag.matches(ifNoneMatch: ifNoneMatch, etag: etag) { return notModified }
        return response
    }
}
