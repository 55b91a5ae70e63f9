/// Limits and timeouts of the HTTP server; every one has a name and a default (Go's
/// `http.Server` is the reference for which exist and why).
public struct HTTPServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Event-loop threads; 0 means one per core.
    public var loops = 0
    public var maxConnections = 1024
    /// Seconds a request head may take to arrive once started (slowloris), then 408.
    public var readHeaderTimeout = 5.0
    /// Seconds a keep-alive connection may sit with nothing to do.
    public var idleTimeout = 10.0
    /// Seconds a write may make no progress (a client that never reads).
    public var writeTimeout = 10.0
    public var parserLimits = HTTPParserLimits()
    /// Requests read ahead on one connection before reading pauses (pipelining bound).
    public var maxPipelinedRequests = 32
    /// Response bytes queued on one connection before reading pauses.
    public var maxBufferedOutput = 1 << 20

    public init() {}
}
