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
    /// `server.trusted_proxies`: IP addresses or CIDR ranges (`10.0.0.0/8`, `::1`) whose
    /// `X-Forwarded-For` is believed. Default none.
    public var trustedProxies: [String] = []

    public init() {}

    public subscript<T>(dynamicMember path: WritableKeyPath<HTTPServerConfiguration, T>) -> T {
        get { transport[keyPath: path] }
        set { transport[keyPath: path] = newValue }
    }
}
