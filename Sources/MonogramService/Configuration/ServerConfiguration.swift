/// `server`: where the service listens and how long it waits on clients (Go's `http.Server`
/// fields are the model: each timeout bounds one phase a slow or idle client could stretch).
public struct ServerConfiguration: Sendable, Hashable {
    /// `server.host`: address to listen on; `0.0.0.0` or `::` for every interface. Default `127.0.0.1`.
    public var host: String = "127.0.0.1"
    /// `server.port`: TCP port; 0 asks the kernel for a free one (tests use it). Default 8080.
    public var port: Int = 8080
    /// `server.max_connections`: open connections at most; more are refused. Default 1024.
    public var maxConnections: Int = 1024
    /// `server.read_header_timeout`: seconds for a request head to arrive (then 408). Default 5.
    public var readHeaderTimeout: Double = 5
    /// `server.idle_timeout`: seconds a keep-alive connection may wait for its next request. Default 10.
    public var idleTimeout: Double = 10
    /// `server.write_timeout`: seconds to write one response. Default 10.
    public var writeTimeout: Double = 10
    /// `server.shutdown_grace`: seconds in-flight requests get after SIGTERM before connections
    /// are closed. Default 8, below the 10 s Docker waits before SIGKILL.
    public var shutdownGrace: Double = 8
    /// `server.drain_delay`: seconds after SIGTERM during which the listener stays open and
    /// requests are served while `/healthz` answers 503, so load balancers take the instance
    /// out before it stops accepting; then the `shutdown_grace` drain begins. Default 0.
    public var drainDelay: Double = 0
    /// `server.max_pipelined_requests`: requests taken ahead on one connection before it
    /// reads no more (pipelining depth). Default 32.
    public var maxPipelinedRequests: Int = 32
    /// `server.max_buffered_output`: bytes one connection may hold (answers queued for a
    /// client that reads slowly, counted when each request is taken). Default 1 MiB.
    public var maxBufferedOutput: Int = 1 << 20
    /// `server.trusted_proxies`: IP addresses or CIDR ranges (`10.0.0.0/8`, `::1`) whose
    /// `X-Forwarded-For` is believed. Default none.
    public var trustedProxies: [String] = []

    public init() {}
}
