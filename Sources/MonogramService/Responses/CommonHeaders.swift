import MonogramHTTP

/// The headers API §4 puts on **every** answer of the service (images, 304, errors, `/healthz`,
/// `/metrics`, the playground): no MIME sniffing, the configured CORS origin, the `X-Avatar-*`
/// headers readable by scripts on other origins, and embeddable by pages with COEP.
struct CommonHeaders: Sendable {
    let fields: [(name: String, value: String)]

    init(corsOrigin: String) {
        fields = [
            (HeaderName.contentTypeOptions, "nosniff"),
            (HeaderName.allowOrigin, corsOrigin),
            (HeaderName.exposeHeaders, HeaderName.avatarSource + ", " + HeaderName.avatarError),
            (HeaderName.resourcePolicy, "cross-origin"),
        ]
    }

    /// A one-line `text/plain` answer, never cacheable (§1's error body).
    func text(_ status: HTTPStatus, _ line: String, extra: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [(HeaderName.contentType, MediaType.plainText), (HeaderName.cacheControl, CacheDirective.noStore)] + extra + fields,
            body: Array((line + "\n").utf8))
    }

    /// Any other answer: `headers` first, then the common ones.
    func response(_ status: HTTPStatus, _ headers: [(name: String, value: String)], body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers + fields, body: body)
    }
}
