/// `metrics`: where `GET /metrics` is served.
public struct MetricsConfiguration: Sendable, Hashable {
    /// `metrics.port`: a separate port for `/metrics`; 0 (the default) serves it on `server.port`.
    public var port: Int = 0

    public init() {}
}
