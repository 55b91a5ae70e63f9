/// The bounds one connection's state machine enforces; built once per server from
/// `HTTPServerConfiguration`.
struct HTTPConnectionPolicy: Sendable {
    /// A started request head must complete within this (slowloris), or the answer is a 408.
    var readHeaderTimeout: Duration = .seconds(5)
    /// A connection with nothing owed and nothing arriving is closed after this.
    var idleTimeout: Duration = .seconds(10)
    /// A peer that takes none of our output for this long is cut off: nothing written and
    /// nothing more acknowledged, while answers are queued or unacknowledged.
    var writeTimeout: Duration = .seconds(10)
    /// After our last answer, read and discard this long so the peer sees the answer rather
    /// than a reset (RFC 9112 §9.6).
    var lingerTimeout: Duration = .seconds(2)
    /// The same while draining: shutdown must not wait on clients that keep sockets open.
    var drainLingerTimeout: Duration = .milliseconds(200)
    /// After a `429 Too Many Requests` the connection takes its next request this much later:
    /// a client told to slow down is not answered faster than that, so a flood of refused
    /// requests (tens of thousands a second on one core, each read, parsed and answered)
    /// costs the server next to nothing, and honest clients keep the CPU.
    var tooManyRequestsPause: Duration = .seconds(1)
    /// Requests dispatched and not yet written, at most (pipelining depth).
    var maxPipelinedRequests = 32
    /// Bytes counted against one connection: answers queued or being written, plus a
    /// reservation for each dispatched request whose answer has not come yet. No request is
    /// dispatched, and nothing read, while the count is at or over this. An answer known at
    /// once (a cache hit) is charged before the next request is taken, so those overshoot by
    /// at most one answer; a deferred answer larger than its reservation overshoots by the
    /// difference, so the bound is `maxBufferedOutput + (maxBufferedOutput / reservation + 1)
    /// × the largest answer` — and the reservation grows to the largest answer seen.
    var maxBufferedOutput = 1 << 20
    /// Charged for a dispatched request until its real size is known (a deferred render).
    var dispatchReservation = 64 << 10
    /// Unparsed request bytes held at most: reading pauses there, and no read takes more than
    /// the room left (`HTTPConnectionStateMachine.readAllowance`), so this is a hard bound per
    /// connection. The server sets it to one largest head + 4 KiB (20 KiB by default): enough
    /// for any head to complete, and held × `max_connections` by connections that pipeline
    /// and read nothing (1,000 of them held 64–128 KiB each with the former 64 KiB and
    /// unbounded reads).
    var maxBufferedInput = 20 << 10
    /// Headers on every answer this layer generates (408, 4xx for framing, 503, 505):
    /// `X-Content-Type-Options`, the CORS and CORP fields of API §4.
    var errorHeaders: [(name: String, value: String)] = HTTPConnectionPolicy.commonHeaders(corsOrigin: "*")

    static func commonHeaders(corsOrigin: String, exposedHeaders: [String] = ["X-Avatar-Source", "X-Avatar-Error"]) -> [(name: String, value: String)] {
        [
            ("Access-Control-Allow-Origin", corsOrigin),
            ("Access-Control-Expose-Headers", exposedHeaders.joined(separator: ", ")),
            ("Cross-Origin-Resource-Policy", "cross-origin"),
        ]
    }

    /// A one-line error answer of this layer; it always closes the connection.
    func errorResponse(_ status: HTTPStatus, _ reason: String, extraHeaders: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse.error(status, reason, extraHeaders: errorHeaders + extraHeaders, closesConnection: true)
    }
}
