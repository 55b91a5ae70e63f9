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

    public init() {}

    /// The burst in force: the configured one or the default for the rate.
    public var effectiveBurst: Int {
        clientBurst ?? RenderBudget.defaultBurst(rate: clientRendersPerSecond)
    }
}
