/// An HTTP status code with its reason phrase (RFC 9110 §15).
///
/// Only the statuses Monogram sends have constants; `init(code:reason:)` covers the rest.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    /// The three-digit status code, e.g. `404`.
    public let code: Int
    /// The reason phrase sent on the status line, e.g. `Not Found`.
    public let reason: String

    /// A status with the given code and reason phrase.
    public init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// `200 OK`.
    public static let ok = HTTPStatus(code: 200, reason: "OK")
    /// `304 Not Modified`: a conditional GET/HEAD whose `If-None-Match` matched (RFC 9110 §15.4.5).
    public static let notModified = HTTPStatus(code: 304, reason: "Not Modified")
    /// `400 Bad Request`.
    public static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    /// `404 Not Found`.
    public static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    /// `405 Method Not Allowed`; the response must carry `Allow` (RFC 9110 §15.5.6).
    public static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    /// `408 Request Timeout`: the head did not arrive within the read-header timeout.
    public static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
    /// `413 Content Too Large` (RFC 9110 §15.5.14 renamed "Payload Too Large").
    public static let payloadTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
    /// `414 URI Too Long`.
    public static let uriTooLong = HTTPStatus(code: 414, reason: "URI Too Long")
    /// `431 Request Header Fields Too Large` (RFC 6585 §5).
    public static let requestHeaderFieldsTooLarge = HTTPStatus(
        code: 431, reason: "Request Header Fields Too Large")
    /// `429 Too Many Requests` (RFC 6585 §4): here, a client holding its share of connections.
    public static let tooManyRequests = HTTPStatus(code: 429, reason: "Too Many Requests")
    /// `500 Internal Server Error`.
    public static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
    /// `501 Not Implemented`: e.g. a transfer-coding other than chunked (RFC 9112 §6.1).
    public static let notImplemented = HTTPStatus(code: 501, reason: "Not Implemented")
    /// `503 Service Unavailable`; sent with `Retry-After` when overloaded.
    public static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
    /// `505 HTTP Version Not Supported`: any version other than HTTP/1.0 and HTTP/1.1.
    public static let httpVersionNotSupported = HTTPStatus(
        code: 505, reason: "HTTP Version Not Supported")

    /// `"404 Not Found"`.
    public var description: String { "\(code) \(reason)" }
}
