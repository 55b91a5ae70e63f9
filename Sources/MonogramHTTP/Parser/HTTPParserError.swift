/// A request the parser refuses, with the status to answer and a one-line reason that is safe
/// to send to the client as a `text/plain` body (it never echoes request bytes).
///
/// After a parser error the connection is always closed: the framing of whatever follows is
/// unknown (RFC 9112 §6.3), so reading on would invite request smuggling. The parser itself
/// keeps throwing the same error from then on.
public struct HTTPParserError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The status to answer with (400, 413, 414, 431, 501 or 505).
    public var status: HTTPStatus
    /// One line, ASCII, no request data, e.g. `header field name contains a space`.
    public var reason: String

    /// An error with the given status and reason.
    public init(status: HTTPStatus, reason: String) {
        self.status = status
        self.reason = reason
    }

    /// `"400 Bad Request: header field name contains a space"`.
    public var description: String { "\(status): \(reason)" }

    static func badRequest(_ reason: String) -> Self { Self(status: .badRequest, reason: reason) }
}
