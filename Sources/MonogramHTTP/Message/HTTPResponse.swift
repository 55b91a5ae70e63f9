public import MonogramSync

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
    /// Memory-budget bytes for `body` (an answer made for this request, not one the cache
    /// counts), kept while anything still holds the body to write: given back once the
    /// connection has written it and let go.
    public let reservation: MemoryReservation?

    /// The status line, what `fields` writes, then `Content-Length` from `body` unless the
    /// status forbids content (RFC 9110 §8.6). `fields` runs twice (it must write the same
    /// both times): once to size the head exactly, once to write it.
    public init(status: HTTPStatus, body: [UInt8], closesConnection: Bool = false, fields: (inout HTTPHeadWriter) -> Void) {
        self.status = status
        self.body = body
        self.closesConnection = closesConnection
        self.reservation = nil
        var measure = HTTPHeadWriter()
        HTTPResponse.writeHead(status, bodyBytes: body.count, into: &measure, fields)
        self.head = [UInt8](unsafeUninitializedCapacity: measure.count) { buffer, initialized in
            var writer = HTTPHeadWriter(into: UnsafeMutableRawBufferPointer(buffer))
            HTTPResponse.writeHead(status, bodyBytes: body.count, into: &writer, fields)
            initialized = writer.count
        }
    }

    /// `other`'s head and body (shared, not copied), holding `reservation` while written.
    public init(sharing other: HTTPResponse, holding reservation: MemoryReservation?) {
        status = other.status
        head = other.head
        body = other.body
        closesConnection = other.closesConnection
        self.reservation = reservation
    }

    /// A head already serialised (`amended(setting:)`), the body shared.
    init(status: HTTPStatus, head: [UInt8], body: [UInt8], closesConnection: Bool, reservation: MemoryReservation?) {
        self.status = status
        self.head = head
        self.body = body
        self.closesConnection = closesConnection
        self.reservation = reservation
    }

    /// The same, from a list of header fields in order.
    public convenience init(status: HTTPStatus, headers: [(name: String, value: String)], body: [UInt8], closesConnection: Bool = false) {
        self.init(status: status, body: body, closesConnection: closesConnection) { writer in
            for header in headers { writer.field(header.name, header.value) }
        }
    }

    private static func writeHead(_ status: HTTPStatus, bodyBytes: Int, into writer: inout HTTPHeadWriter, _ fields: (inout HTTPHeadWriter) -> Void) {
        writer.statusLine(status)
        fields(&writer)
        if allowsContent(status) { writer.field("Content-Length", bodyBytes) }
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
