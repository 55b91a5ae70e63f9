public import MonogramCore

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
    /// `limits.work_memory`: bytes every request's work together may hold (decoded pictures,
    /// surfaces, encoders, answers until written); 0 (the default) derives it from the
    /// container's memory limit, or without one from `render.workers` and `render.max_size`.
    public var workMemory: Int = 0
    /// `limits.max_answer_bytes`: the largest answer a request may ask for (estimated before
    /// drawing; a 4096-px PNG of a picture could be 67 MB); larger is a 400. Default 33554432 (32 MiB).
    public var maxAnswerBytes: Int = 33_554_432
    /// `limits.cgroup_root`: where the cgroup file systems are mounted, read at start for the
    /// memory limit (and the CPU quota when `render.workers` is 0). Default `/sys/fs/cgroup`.
    public var cgroupRoot: String = "/sys/fs/cgroup"
    /// `limits.unsigned_renders_per_second`: with `security.require_signature` and no client
    /// budget, `/gravatar` (which cannot be signed) is still charged to a budget of this rate
    /// per client. 0 turns it off. Default 10.
    public var unsignedRendersPerSecond: Double = 10
    /// `limits.ipv4_prefix`: IPv4 clients are keyed by this many leading bits. Default 32 (one
    /// address, one client); 24 when an abuser rotates through the addresses of its /24.
    public var ipv4Prefix: Int = 32
    /// `limits.ipv4_network_prefix` / `limits.ipv6_network_prefix`: a client's network, which
    /// shares a second bucket (`network_clients` budgets) so that rotating addresses inside
    /// one prefix stays bounded. Defaults /24 and /48.
    public var ipv4NetworkPrefix: Int = 24
    public var ipv6NetworkPrefix: Int = 48
    /// `limits.network_clients`: how many clients' budgets (rate and burst) one network's bucket
    /// holds; 0 turns the network bucket off. Default 8.
    public var networkClients: Int = 8
    /// `limits.client_connections`: connections one client (the peer, by the prefixes above;
    /// trusted proxies are not limited) may hold open at once; 0 for no limit. Default 64.
    public var clientConnections: Int = 64
    /// `limits.network_connections`: connections one network (by `ipv4_network_prefix` and
    /// `ipv6_network_prefix`, as the network's budget bucket) may hold open at once; 0 for no
    /// limit. Default 256: a few addresses of one network cannot take every server slot.
    public var networkConnections: Int = 256

    public init() {}

    /// The prefixes a client's network is cut to: never longer than a client's own, so a
    /// network holds whole clients.
    public var networkPrefixes: (ipv4: Int, ipv6: Int) {
        (min(ipv4NetworkPrefix, ipv4Prefix), min(ipv6NetworkPrefix, ipv6Prefix))
    }

    /// The network bucket of the budget, or nil when `network_clients` is 0.
    public func networkBudget(for budget: RenderBudget) -> ClientBudgetTable.NetworkBudget? {
        guard networkClients > 0 else { return nil }
        return ClientBudgetTable.NetworkBudget(
            budget: RenderBudget(rate: budget.rate * Double(networkClients), burst: budget.burst * networkClients),
            ipv4Prefix: networkPrefixes.ipv4, ipv6Prefix: networkPrefixes.ipv6)
    }

    /// The burst in force: the configured one or the default for the rate.
    public var effectiveBurst: Int {
        clientBurst ?? RenderBudget.defaultBurst(rate: clientRendersPerSecond)
    }
}
