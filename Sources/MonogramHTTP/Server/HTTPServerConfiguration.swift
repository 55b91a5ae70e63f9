/// Limits and timeouts of the HTTP server; every one has a name and a default (Go's
/// `http.Server` is the reference for which exist and why).
public struct HTTPServerConfiguration: Sendable, Hashable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Event-loop threads; 0 means one per core.
    public var loops = 0
    public var maxConnections = 1024
    /// How long a request head may take to arrive once started (slowloris), then 408.
    public var readHeaderTimeout = Duration.seconds(5)
    /// How long a keep-alive connection may sit with nothing to do.
    public var idleTimeout = Duration.seconds(10)
    /// How long queued output may make no progress (a client that never reads).
    public var writeTimeout = Duration.seconds(10)
    public var parserLimits = HTTPParserLimits()
    /// Requests dispatched and unwritten on one connection before reading pauses.
    public var maxPipelinedRequests = 32
    /// Bytes one connection may hold against it (queued answers, plus a reservation per
    /// request still being answered) before it takes no more requests and reads nothing.
    public var maxBufferedOutput = 1 << 20
    /// `SO_SNDBUF` of the listening socket, which accepted sockets inherit; 0 leaves the
    /// kernel's default (autotuned up to `net.ipv4.tcp_wmem`, megabytes). Answers a client
    /// does not read wait in the kernel's send buffer, outside the process's heap but charged
    /// to its cgroup: 200 connections that read nothing held 190 MB there before this. The
    /// kernel doubles the value (bookkeeping), so a connection holds about twice it.
    public var sendBufferBytes = 32 << 10
    /// `Access-Control-Allow-Origin` on the answers this layer generates (408, 503, …).
    public var corsOrigin = "*"
    /// Named in `Access-Control-Expose-Headers` on those answers.
    public var exposedHeaders = ["X-Avatar-Source", "X-Avatar-Error"]

    public init() {}

    var connectionPolicy: HTTPConnectionPolicy {
        var policy = HTTPConnectionPolicy()
        policy.readHeaderTimeout = max(readHeaderTimeout, .milliseconds(1))
        policy.idleTimeout = max(idleTimeout, .milliseconds(1))
        policy.writeTimeout = max(writeTimeout, .milliseconds(1))
        policy.maxPipelinedRequests = max(1, maxPipelinedRequests)
        policy.maxBufferedOutput = max(1, maxBufferedOutput)
        policy.maxBufferedInput = max(parserLimits.maxHeadBytes, 1024) + 4096
        policy.errorHeaders = HTTPConnectionPolicy.commonHeaders(corsOrigin: corsOrigin, exposedHeaders: exposedHeaders)
        return policy
    }
}
