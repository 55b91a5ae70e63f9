import MonogramCore
import MonogramHTTP

/// Every way a request can fail in the service; `ErrorResponses` maps each to its status.
enum ServiceError: Error {
    case badParameter(OptionsError)
    case notFound
    case methodNotAllowed
    case overloaded
    /// Details go to the log only; the client sees a generic line.
    case internalFailure(String)
}

/// The one place a `ServiceError` becomes a response (API §1, §4).
struct ErrorResponses: Sendable {
    let headers: CommonHeaders
    /// The placeholder image, for requests whose `Accept` prefers images (so `<img>` shows a
    /// face) — with the reason in `X-Avatar-Error`.
    let placeholderPNG: [UInt8]
    let logger: Logger

    func response(for error: ServiceError, prefersImage: Bool = false) -> HTTPResponse {
        switch error {
        case .badParameter(let problem):
            guard prefersImage else { return headers.text(.badRequest, problem.message) }
            return headers.response(
                .badRequest,
                [
                    (HeaderName.contentType, MediaType.png),
                    (HeaderName.cacheControl, CacheDirective.noStore),
                    (HeaderName.avatarSource, AvatarSource.placeholder.rawValue),
                    (HeaderName.avatarError, ErrorResponses.headerSafe(problem.message)),
                ],
                body: placeholderPNG)
        case .notFound:
            return headers.text(.notFound, "no such resource; try /avatar/{name} or /group/{names}")
        case .methodNotAllowed:
            return headers.text(.methodNotAllowed, "only GET and HEAD are allowed", extra: [(HeaderName.allow, "GET, HEAD")])
        case .overloaded:
            return headers.text(.serviceUnavailable, "busy rendering, retry shortly", extra: [(HeaderName.retryAfter, "1")])
        case .internalFailure(let detail):
            logger.error(detail)
            return headers.text(.internalServerError, "internal error")
        }
    }

    /// Header values must not carry CR/LF or non-ASCII (RFC 9110 §5.5).
    static func headerSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?" }))
    }
}
