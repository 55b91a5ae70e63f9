public import MonogramHTTP

/// `server`: where the service listens and how long it waits on clients (Go's `http.Server`
/// fields are the model: each timeout bounds one phase a slow or idle client could stretch).
///
/// The HTTP server's own limits are its `HTTPServerConfiguration`, held here as they are and
/// handed to the server unchanged: their defaults are written once, there, and every one of
/// them is a key (`server.host`, `server.max_pipelined_requests`, `server.max_head_bytes`, …;
/// see `Setting.all`). `configuration.server.port` reads through to it.
@dynamicMemberLookup
public struct ServerConfiguration: Sendable, Hashable {
    /// `server.host`, `port`, `loops`, `max_connections`, the timeouts, pipelining, buffered
    /// output and parser limits.
    public var transport = HTTPServerConfiguration()
    /// `server.shutdown_grace`: how long in-flight requests get after SIGTERM before
    /// connections are closed. Default 8 s, below the 10 s Docker waits before SIGKILL.
    public var shutdownGrace: Duration = .seconds(8)
    /// `server.drain_delay`: how long after SIGTERM the listener stays open and requests are
    /// served while `/healthz` answers 503, so load balancers take the instance out before it
    /// stops accepting; then the `shutdown_grace` drain begins. Default 0.
    public var drainDelay: Duration = .zero
    /// `server.trusted_proxies`: IP addresses or CIDR ranges (`10.0.0.0/8`, `::1`) whose
    /// `X-Forwarded-For` is believed. Default none.
    public var trustedProxies: [String] = []

    public init() {}

    public subscript<T>(dynamicMember path: WritableKeyPath<HTTPServerConfiguration, T>) -> T {
        get { transport[keyPath: path] }
        set { transport[keyPath: path] = newValue }
    }
}

extension Configuration {
    /// What the HTTP server runs with: `server`'s own settings, and the CORS origin of
    /// `http.cors_origin` on the answers the server layer writes itself (408, 413, 503, …), so
    /// one key sets it on every answer.
    public var transport: HTTPServerConfiguration {
        var transport = server.transport
        transport.corsOrigin = http.corsOrigin
        transport.exposedHeaders = CommonHeaders.exposed
        return transport
    }
}
