import MonogramCore
import MonogramHTTP

/// Every way a request can fail in the service; `ErrorResponses` maps each to its status.
enum ServiceError: Error {
    case badParameter(OptionsError)
    case notFound
    case methodNotAllowed
    case overloaded
    /// Over the client's render budget (API §8): 429 with the seconds until it may retry.
    case overBudget(retryAfter: Int)
    /// A missing, malformed or wrong `sig` (API §8): 403.
    case signature(URLSigner.Refusal)
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
    /// The 429s for the first minute of `Retry-After` values, text and image, built once: a
    /// client over its budget may send thousands a second, and each should cost as little as
    /// a hit. Index `seconds × 2 + (image ? 1 : 0)`.
    let refusals: [HTTPResponse]

    init(headers: CommonHeaders, placeholderPNG: [UInt8], logger: Logger) {
        self.headers = headers
        self.placeholderPNG = placeholderPNG
        self.logger = logger
        self.refusals = (0..<122).map { index in
            ErrorResponses.overBudget(headers, retryAfter: max(1, index / 2), placeholder: index % 2 == 1 ? placeholderPNG : nil)
        }
    }

    func response(for error: ServiceError, prefersImage: Bool = false) -> HTTPResponse {
        switch error {
        case .badParameter(let problem):
            return ErrorResponses.errorBody(headers, .badRequest, problem.message, placeholder: prefersImage ? placeholderPNG : nil)
        case .signature(let refusal):
            return ErrorResponses.errorBody(headers, AdmissionStatus.forbidden, refusal.reason, placeholder: prefersImage ? placeholderPNG : nil)
        case .overBudget(let seconds):
            let index = seconds &* 2 &+ (prefersImage ? 1 : 0)
            if seconds >= 0, index < refusals.count { return refusals[index] }
            return ErrorResponses.overBudget(headers, retryAfter: seconds, placeholder: prefersImage ? placeholderPNG : nil)
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

    /// The §1 error body of a 4xx a page may show (400, 403, 429): one text line, or with a
    /// `placeholder` the placeholder image and the reason in `X-Avatar-Error`. Never cacheable.
    static func errorBody(
        _ headers: CommonHeaders, _ status: HTTPStatus, _ message: String, placeholder: [UInt8]?,
        extra: [(name: String, value: String)] = []
    ) -> HTTPResponse {
        guard let placeholder else { return headers.text(status, message, extra: extra) }
        let reason = ErrorResponses.headerSafe(message)
        return headers.response(status, body: placeholder) { head in
            head.field(HeaderName.contentType, MediaType.png)
            head.field(HeaderName.cacheControl, CacheDirective.noStore)
            head.field(HeaderName.avatarSource, AvatarSource.placeholder.rawValue)
            head.field(HeaderName.avatarError, reason)
            for field in extra { head.field(field.name, field.value) }
        }
    }

    static func overBudget(_ headers: CommonHeaders, retryAfter seconds: Int, placeholder: [UInt8]?) -> HTTPResponse {
        errorBody(
            headers, AdmissionStatus.tooManyRequests, "render budget of this client exceeded; retry in \(seconds) s",
            placeholder: placeholder, extra: [(HeaderName.retryAfter, String(seconds))])
    }

    /// Header values must not carry CR/LF or non-ASCII (RFC 9110 §5.5).
    static func headerSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?" }))
    }
}
