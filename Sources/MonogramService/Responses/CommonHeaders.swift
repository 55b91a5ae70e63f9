import MonogramHTTP

/// The headers API §4 puts on **every** answer of the service (images, 304, errors, `/healthz`,
/// `/metrics`, the playground): no MIME sniffing, the configured CORS origin, the `X-Avatar-*`
/// headers readable by scripts on other origins, and embeddable by pages with COEP.
struct CommonHeaders: Sendable {
    let fields: [(name: String, value: String)]
    /// `fields` serialised once: every head ends with these bytes.
    let lines: HTTPHeaderLines

    /// What scripts on other origins may read: the `X-Avatar-*` headers and the rate-limit
    /// fields (API §4, §11), on the service's answers and the server layer's alike.
    static let exposed = [
        HeaderName.avatarSource, HeaderName.avatarError, HeaderName.avatarIgnored, HeaderName.rateLimitPolicy, HeaderName.rateLimit,
    ]

    init(corsOrigin: String) {
        fields = [
            (HeaderName.contentTypeOptions, "nosniff"),
            (HeaderName.allowOrigin, corsOrigin),
            (HeaderName.exposeHeaders, CommonHeaders.exposed.joined(separator: ", ")),
            (HeaderName.resourcePolicy, "cross-origin"),
        ]
        lines = HTTPHeaderLines(fields)
    }

    /// `Content-Type` (plain text) and `Cache-Control: no-store`, the start of every text answer.
    static let plainTextNoStore = HTTPHeaderLines([
        (HeaderName.contentType, MediaType.plainText), (HeaderName.cacheControl, CacheDirective.noStore),
    ])

    /// A one-line `text/plain` answer, never cacheable (§1's error body).
    func text(_ status: HTTPStatus, _ line: String, extra: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, body: Array((line + "\n").utf8)) { head in
            head.append(CommonHeaders.plainTextNoStore)
            for field in extra { head.field(field.name, field.value) }
            head.append(lines)
        }
    }

    /// Any other answer: `headers` first, then the common ones.
    func response(_ status: HTTPStatus, _ headers: [(name: String, value: String)], body: [UInt8]) -> HTTPResponse {
        response(status, body: body) { head in
            for field in headers { head.field(field.name, field.value) }
        }
    }

    /// Any other answer: what `fields` writes first, then the common ones.
    func response(_ status: HTTPStatus, body: [UInt8], _ fields: (inout HTTPHeadWriter) -> Void) -> HTTPResponse {
        HTTPResponse(status: status, body: body) { head in
            fields(&head)
            head.append(lines)
        }
    }
}
