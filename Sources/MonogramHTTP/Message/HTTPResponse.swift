/// A response ready to write: status line and headers serialized once, body bytes alongside.
///
/// Immutable and shared: the service caches these, so a cache hit writes the same bytes again
/// without building anything. The server adds only what changes per write: `Date` and
/// `Connection`.
public final class HTTPResponse: Sendable {
    public let status: HTTPStatus
    /// Status line and header lines, each ending in CRLF, without `Date`, `Connection` or the
    /// blank line that ends the head.
    public let head: [UInt8]
    public let body: [UInt8]
    /// The connection closes after this response (e.g. after a framing error, RFC 9112 §11.2).
    public let closesConnection: Bool

    /// `Content-Length` is added from `body` unless the status forbids content (RFC 9110 §8.6).
    public init(status: HTTPStatus, headers: [(name: String, value: String)], body: [UInt8], closesConnection: Bool = false) {
        self.status = status
        self.body = body
        self.closesConnection = closesConnection
        var text = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        for header in headers {
            text += header.name
            text += ": "
            text += header.value
            text += "\r\n"
        }
        if HTTPResponse.allowsContent(status) {
            text += "Content-Length: \(body.count)\r\n"
        }
        self.head = Array(text.utf8)
    }

    /// A one-line `text/plain` error, never cacheable.
    public static func error(_ status: HTTPStatus, _ reason: String, extraHeaders: [(name: String, value: String)] = [], closesConnection: Bool = false) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                ("Content-Type", "text/plain; charset=utf-8"),
                ("Cache-Control", "no-store"),
                ("X-Content-Type-Options", "nosniff"),
            ] + extraHeaders,
            body: Array((reason + "\n").utf8),
            closesConnection: closesConnection)
    }

    static func allowsContent(_ status: HTTPStatus) -> Bool {
        !(status.code < 200 || status.code == 204 || status.code == 304)
    }
}
