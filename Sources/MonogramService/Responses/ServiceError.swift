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

extension ServiceError {
    /// What an error says, whatever form it is written in (API §1, §4, §11).
    struct Parts {
        let status: HTTPStatus
        /// The one-line reason (RFC 9457's `detail`).
        let detail: String
        /// RFC 9457's `type`: `about:blank` where the status says it all, else a `tag:` URI
        /// naming the problem (RFC 9457 §3.1.1 allows a non-resolvable one; docs/api.md lists them).
        let type: String
        let title: String
        /// A 400's parameter at fault (an extension member).
        let parameter: String?
        var extra: [(name: String, value: String)] = []
        /// The §1 errors a page may show: a placeholder image when it prefers images.
        var showsPlaceholder = false
    }

    static let problemTypePrefix = "tag:monogram.avatars,2026:"

    var parts: Parts {
        let tag = ServiceError.problemTypePrefix
        switch self {
        case .badParameter(let problem):
            return Parts(status: .badRequest, detail: problem.message, type: tag + "bad-parameter", title: "Bad parameter",
                         parameter: problem.parameter, showsPlaceholder: true)
        case .signature(let refusal):
            let expired = refusal == .expired
            return Parts(status: AdmissionStatus.forbidden, detail: refusal.reason, type: tag + (expired ? "expired" : "signature"),
                         title: expired ? "Signed URL expired" : "Signature refused", parameter: nil, showsPlaceholder: true)
        case .overBudget(let seconds):
            return Parts(status: AdmissionStatus.tooManyRequests, detail: "render budget of this client exceeded; retry in \(seconds) s",
                         type: tag + "over-budget", title: "Render budget exceeded", parameter: nil,
                         extra: [(HeaderName.retryAfter, String(seconds))], showsPlaceholder: true)
        case .notFound:
            return Parts(status: .notFound, detail: "no such resource; try /avatar/{name} or /group/{names}", type: "about:blank",
                         title: HTTPStatus.notFound.reason, parameter: nil)
        case .methodNotAllowed:
            return Parts(status: .methodNotAllowed, detail: "only GET and HEAD are allowed", type: "about:blank",
                         title: HTTPStatus.methodNotAllowed.reason, parameter: nil, extra: [(HeaderName.allow, "GET, HEAD")])
        case .overloaded:
            return Parts(status: .serviceUnavailable, detail: "busy rendering, retry shortly", type: "about:blank",
                         title: HTTPStatus.serviceUnavailable.reason, parameter: nil, extra: [(HeaderName.retryAfter, "1")])
        case .internalFailure:
            return Parts(status: .internalServerError, detail: "internal error", type: "about:blank",
                         title: HTTPStatus.internalServerError.reason, parameter: nil)
        }
    }
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

    /// The §1 text line, the placeholder image for requests that prefer images, or RFC 9457
    /// problem details for those that prefer JSON (API §11).
    func response(for error: ServiceError, prefersImage: Bool = false) -> HTTPResponse {
        response(for: error, form: prefersImage ? .image : .text)
    }

    /// Every error's status, line and extra fields are decided here (`ServiceError.parts`);
    /// `form` only chooses how they are written. Only the §1 errors a page may show (400, 403,
    /// 429) are ever an image.
    func response(for error: ServiceError, form: ErrorForm) -> HTTPResponse {
        if case .internalFailure(let detail) = error { logger.error(detail) }
        if case .overBudget(let seconds) = error, form != .problem {
            let index = seconds &* 2 &+ (form == .image ? 1 : 0)
            if seconds >= 0, index < refusals.count { return refusals[index] }
        }
        let parts = error.parts
        switch form {
        case .problem:
            return ErrorResponses.problem(headers, parts)
        case .image where parts.showsPlaceholder:
            return ErrorResponses.errorBody(headers, parts.status, parts.detail, placeholder: placeholderPNG, extra: parts.extra)
        case .image, .text:
            return parts.showsPlaceholder
                ? ErrorResponses.errorBody(headers, parts.status, parts.detail, placeholder: nil, extra: parts.extra)
                : headers.text(parts.status, parts.detail, extra: parts.extra)
        }
    }

    /// RFC 9457 problem details: `type`, `title`, `status`, `detail` (the §1 line), and for a
    /// bad parameter the extension member `parameter`. Never cacheable, like every error.
    static func problem(_ headers: CommonHeaders, _ parts: ServiceError.Parts) -> HTTPResponse {
        var members = [
            "\"type\":" + JSONText.string(parts.type), "\"title\":" + JSONText.string(parts.title),
            "\"status\":\(parts.status.code)", "\"detail\":" + JSONText.string(parts.detail),
        ]
        if let parameter = parts.parameter { members.append("\"parameter\":" + JSONText.string(parameter)) }
        let body = Array(("{" + members.joined(separator: ",") + "}\n").utf8)
        return headers.response(parts.status, body: body) { head in
            head.field(HeaderName.contentType, MediaType.problemJSON)
            head.field(HeaderName.cacheControl, CacheDirective.noStore)
            for field in parts.extra { head.field(field.name, field.value) }
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
