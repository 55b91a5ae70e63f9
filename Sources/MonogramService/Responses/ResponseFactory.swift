import MonogramCore
import MonogramHTTP

/// Builds every image answer's headers (API §4) in one place.
struct ResponseFactory: Sendable {
    /// `http.cache_control`.
    let cacheControl: String
    let release: String
    let headers: CommonHeaders

    /// SVG can carry script; this forbids everything but inline styles even if a page opens it.
    static let svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

    /// `cacheControl` replaces the configured `Cache-Control` (pictures: the source's lifetime,
    /// or the short failure value when drawn without the picture).
    func image(body: [UInt8], format: OutputFormat, etagSeed: String, source: AvatarSource, cacheControl: String? = nil) -> StoredAnswer {
        let etag = EntityTag.make(canonicalKey: etagSeed, release: release)
        var shared: [(name: String, value: String)] = [
            (HeaderName.etag, etag),
            (HeaderName.cacheControl, cacheControl ?? self.cacheControl),
            (HeaderName.avatarSource, source.rawValue),
        ]
        if format == .svg { shared.append((HeaderName.contentSecurityPolicy, ResponseFactory.svgPolicy)) }
        let response = headers.response(.ok, [(HeaderName.contentType, format.contentType)] + shared, body: body)
        let notModified = headers.response(.notModified, shared, body: [])
        return StoredAnswer(response: response, notModified: notModified, etag: etag)
    }
}
