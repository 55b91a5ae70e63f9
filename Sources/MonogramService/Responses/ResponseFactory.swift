import MonogramCore
import MonogramHTTP

/// Builds every image answer's headers (API §4) in one place.
struct ResponseFactory: Sendable {
    /// `http.cache_control`.
    let cacheControl: String
    let release: String
    let headers: CommonHeaders
    /// The ETag hash's state after the release (`EntityTag.seed`), hashed once.
    let releaseHash: UInt64
    /// `cache.tag_header`: the name of the cache-tag header (API §9).
    let tagHeader: String
    /// `Last-Modified` (API §11): the release's date, so one release's answers are one version.
    let lastModified: Int
    let lastModifiedText: String
    /// `http.robots`: `X-Robots-Tag` of image answers; empty sends none (API §11).
    let robots: String

    init(
        cacheControl: String, release: String, headers: CommonHeaders, tagHeader: String = CacheConfiguration.defaultTagHeader,
        lastModified: Int = MonogramRelease.published, robots: String = HTTPConfiguration.defaultRobots
    ) {
        self.cacheControl = cacheControl
        self.release = release
        self.headers = headers
        self.releaseHash = EntityTag.seed(release: release)
        self.tagHeader = tagHeader
        self.lastModified = lastModified
        self.lastModifiedText = HTTPDateText.imfFixdate(lastModified)
        self.robots = robots
    }

    /// SVG can carry script; this forbids everything but inline styles even if a page opens it.
    static let svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

    /// `cacheControl` replaces the configured `Cache-Control` (pictures: the source's lifetime,
    /// or the short failure value when drawn without the picture).
    /// The ETag is `EntityTag.make(canonicalKey: key.etagSeed(variant), release: release)`.
    /// `tags` are the person tags of who is drawn: the tag header reads `monogram` and then
    /// each of them (API §9), on the 200 and its 304 alike (a cache revalidating keeps them).
    func image(
        body: [UInt8], format: OutputFormat, key: AnswerKey, variant: AnswerVariant, source: AvatarSource, cacheControl: String? = nil,
        tags: [UInt64] = []
    ) -> StoredAnswer {
        let etag = EntityTag.make(hash: key.etagHash(variant, continuing: releaseHash))
        let cacheControl = cacheControl ?? self.cacheControl
        let tagValue = CacheTag.header(tags)
        // The 200 and its 304 share every line but `Content-Type` (and `Content-Length`).
        let shared = { [lastModifiedText, robots] (head: inout HTTPHeadWriter) in
            head.field(HeaderName.etag, etag)
            head.field(HeaderName.lastModified, lastModifiedText)
            head.field(HeaderName.cacheControl, cacheControl)
            if !robots.isEmpty { head.field(HeaderName.robotsTag, robots) }
            head.field(tagHeader, tagValue)
            head.field(HeaderName.avatarSource, source.rawValue)
            if format == .svg { head.field(HeaderName.contentSecurityPolicy, ResponseFactory.svgPolicy) }
        }
        let response = headers.response(.ok, body: body) { head in
            head.field(HeaderName.contentType, format.contentType)
            shared(&head)
        }
        let notModified = headers.response(.notModified, body: [], shared)
        return StoredAnswer(response: response, notModified: notModified, etag: etag, tags: tags, lastModified: lastModified)
    }
}
