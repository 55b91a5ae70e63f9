import MonogramCore

/// `limits`: the per-client render budget of API §8 (off by default).
public struct LimitsConfiguration: Sendable, Hashable {
    /// `limits.client_renders_per_second`: tokens each client address is refilled with a second;
    /// 0 turns the budget off. Default 0.
    public var clientRendersPerSecond: Double = 0
    /// `limits.client_burst`: tokens a client's bucket holds at most, and the most one request
    /// costs. Default (nil) 4 × the rate, at least 10.
    public var clientBurst: Int?
    /// `limits.clients_tracked`: client addresses remembered at most; the least recently seen is
    /// forgotten first (and returns with a full bucket). Default 100000 (about 7 MiB when full).
    public var clientsTracked: Int = 100_000
    /// `limits.ipv6_prefix`: IPv6 clients are keyed by this many leading bits, because one
    /// subscriber usually holds a whole /64 (or more). Default 64.
    public var ipv6Prefix: Int = 64

    public init() {}

    /// The burst in force: the configured one or the default for the rate.
    public var effectiveBurst: Int {
        clientBurst ?? RenderBudget.defaultBurst(rate: clientRendersPerSecond)
    }
}
