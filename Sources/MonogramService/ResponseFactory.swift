import MonogramCore
import MonogramHTTP

/// Builds every avatar answer's headers (API §4) in one place.
struct ResponseFactory: Sendable {
    let cacheControl: String
    let corsOrigin: String
    let release: String

    /// SVG can carry script; this forbids everything but inline styles even if a page opens it.
    static let svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

    /// `cacheControl` replaces the configured `Cache-Control` (pictures: the source's lifetime,
    /// or the short failure value when drawn without the picture).
    func avatar(body: [UInt8], format: OutputFormat, canonicalKey: String, source: String, cacheControl: String? = nil) -> CachedAvatar {
        let etag = EntityTag.make(canonicalKey: canonicalKey, release: release)
        var shared: [(name: String, value: String)] = [
            ("ETag", etag),
            ("Cache-Control", cacheControl ?? self.cacheControl),
            ("Access-Control-Allow-Origin", corsOrigin),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Avatar-Source", source),
        ]
        if format == .svg { shared.append(("Content-Security-Policy", ResponseFactory.svgPolicy)) }
        let response = HTTPResponse(status: .ok, headers: [("Content-Type", format.contentType)] + shared, body: body)
        let notModified = HTTPResponse(status: .notModified, headers: shared, body: [])
        return CachedAvatar(response: response, notModified: notModified, etag: etag)
    }

    /// A 4xx for a bad parameter: one text line, or for browsers the placeholder image with the
    /// reason in `X-Avatar-Error`. Never cacheable.
    func badRequest(_ message: String, placeholder: [UInt8]?) -> HTTPResponse {
        errorBody(.badRequest, message, placeholder: placeholder)
    }

    /// The §1 error body for any 4xx a page may show (400, 403, 429): one text line, or with a
    /// `placeholder` the placeholder image and the reason in `X-Avatar-Error`.
    func errorBody(_ status: HTTPStatus, _ message: String, placeholder: [UInt8]?, extraHeaders: [(name: String, value: String)] = []) -> HTTPResponse {
        guard let placeholder else {
            return HTTPResponse.error(status, message, extraHeaders: [("Access-Control-Allow-Origin", corsOrigin)] + extraHeaders)
        }
        return HTTPResponse(
            status: status,
            headers: extraHeaders + [
                ("Content-Type", "image/png"),
                ("Cache-Control", "no-store"),
                ("Access-Control-Allow-Origin", corsOrigin),
                ("X-Content-Type-Options", "nosniff"),
                ("X-Avatar-Source", "placeholder"),
                ("X-Avatar-Error", ResponseFactory.headerSafe(message)),
            ],
            body: placeholder)
    }

    /// Header values must not carry CR/LF or non-ASCII (RFC 9110 §5.5).
    static func headerSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?" }))
    }
}
