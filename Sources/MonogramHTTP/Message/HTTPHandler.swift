/// What the application plugs into the server.
///
/// `handle` runs on an event-loop thread and must not block: answer at once (cache hit, error)
/// or return `.deferred`, keep the responder and call it later from any thread.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequestHead, context: HTTPRequestContext, responder: HTTPResponder) -> HTTPHandlerResult

    /// One access-log line for a written response, or nil to log nothing. Runs on the loop thread.
    func accessLogLine(_ record: HTTPAccessRecord) -> String?
}

public enum HTTPHandlerResult: Sendable {
    /// The response, and the application's note for the access log (e.g. a cache hit).
    case respond(HTTPResponse, note: HTTPAccessNote)
    /// The handler will call the responder exactly once.
    case deferred
}

/// Facts about the connection a request came on.
public struct HTTPRequestContext: Sendable {
    /// The TCP peer's numeric address.
    public let peer: String
    /// Graceful shutdown has begun (SIGTERM): health checks should fail so load balancers
    /// stop sending, while requests are still served.
    public let draining: Bool

    public init(peer: String, draining: Bool = false) {
        self.peer = peer
        self.draining = draining
    }
}

/// What the access log needs about one exchange. `request` is nil when the head could not be
/// parsed (the status is then the parser's).
public struct HTTPAccessRecord {
    public let request: HTTPRequestHead?
    public let peer: String
    public let status: Int
    public let bodyBytes: Int
    public let durationMicroseconds: Int
    public let note: HTTPAccessNote
}
