/// The client render budget of API §8: a token bucket per client, refilled at `rate` tokens a
/// second up to `burst`. Cache hits never reach it; a request that needs work is charged its
/// cost or refused with the seconds until the bucket holds enough.
public struct RenderBudget: Sendable, Hashable {
    /// Renders a second each client is refilled with.
    public let rate: Double
    /// Tokens a bucket holds at most, and the most any one request costs.
    public let burst: Int

    public init(rate: Double, burst: Int) {
        precondition(rate > 0 && burst >= 1, "RenderBudget needs a positive rate and burst")
        self.rate = rate
        self.burst = burst
    }

    /// `limits.client_burst` when not configured: four seconds of the rate, at least 10, so a
    /// page that shows a dozen new faces at once is not refused.
    public static func defaultBurst(rate: Double) -> Int {
        max(10, Int((4 * rate).rounded(.up)))
    }

    /// What a render of `pixels` output pixels costs: one token per 128 × 128 started, at least
    /// 1 and at most the burst, so a 1024 px avatar costs 64 and every valid request can pass
    /// on a full bucket.
    public func cost(pixels: Int) -> Int {
        let tile = 128 * 128
        let tiles = pixels <= 0 ? 1 : pixels / tile + (pixels % tile == 0 ? 0 : 1)
        return min(burst, max(1, tiles))
    }
}

/// What the budget decided for one request.
public enum BudgetDecision: Sendable, Hashable {
    case admitted
    /// Over budget: `Retry-After` in whole seconds (at least 1) until the bucket holds enough.
    case refused(retryAfter: Int)
}
