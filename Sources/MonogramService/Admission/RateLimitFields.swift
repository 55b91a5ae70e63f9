import MonogramCore

/// The client budget as the IETF httpapi-ratelimit-headers draft (-12, November 2026) spells it:
/// `RateLimit-Policy: "render";q=40;w=4` (the bucket holds `q` units, refilled in `w` seconds) and
/// `RateLimit: "render";r=37;t=1` (`r` units left, `t` seconds until the bucket is full again),
/// both Structured Field Lists of one String item with Integer parameters (RFC 9651). A unit is
/// one token of API §8 (a 128 px avatar costs 1, a larger or picture answer more), so `qu` is not
/// sent (the draft's registered units are requests and bytes); no partition key (`pk`) either:
/// the client is the caller, and its key would only leak how addresses are grouped.
struct RateLimitFields: Sendable {
    /// The policy's name: `render` for the client budget, `unsigned` for `/gravatar`'s own.
    let policy: String
    let budget: RenderBudget

    /// `RateLimit-Policy`: the same for every answer, built once.
    let policyValue: String

    init(policy: String, budget: RenderBudget) {
        self.policy = policy
        self.budget = budget
        let window = max(1, RateLimitFields.seconds(Double(budget.burst) / budget.rate))
        policyValue = "\"\(policy)\";q=\(budget.burst);w=\(window)"
    }

    /// Both fields for a client with `remaining` tokens (fractions dropped: `r` counts whole
    /// units a request could spend; `t` rounds up, so waiting `t` seconds is always enough).
    func fields(remaining: Double) -> [(name: String, value: String)] {
        let left = max(0, min(Double(budget.burst), remaining))
        let whole = Int(left.rounded(.down))
        let untilFull = RateLimitFields.seconds((Double(budget.burst) - left) / budget.rate)
        return [
            (HeaderName.rateLimitPolicy, policyValue),
            (HeaderName.rateLimit, "\"\(policy)\";r=\(whole);t=\(max(0, untilFull))"),
        ]
    }

    /// Whole seconds, rounded up and held within a Structured Field Integer's 15 digits (a
    /// configured rate can be tiny): never a trapping conversion.
    static func seconds(_ value: Double) -> Int {
        guard value.isFinite, value > 0 else { return 0 }
        return Int(min(value.rounded(.up), 999_999_999_999_999))
    }
}
