import MonogramCore
import MonogramHTTP
import MonogramSync

/// API §8's client render budget as the pipeline's admission step: it is asked only for work
/// (a cache miss, a picture fetch or decode, never a hit, a 304 or a request joining a render
/// in flight) and charges the job's cost to the client — the TCP peer, or through
/// `server.trusted_proxies` the forwarded client, IPv6 by its `limits.ipv6_prefix`.
struct ClientBudgetAdmission: AnswerAdmission {
    let table: ClientBudgetTable
    let trustedProxies: TrustedProxies
    let ipv4Prefix: Int
    let ipv6Prefix: Int
    /// The client's network (`limits.networkPrefixes`), whose lane its renders queue on.
    let networkPrefixes: (ipv4: Int, ipv6: Int)
    /// Says once per process that a trusted proxy forwarded an address that is not one.
    let unparsableForwarded: OnceWarning?
    /// The answer's `RateLimit-Policy` and `RateLimit` (API §11).
    let rateLimit: RateLimitFields

    /// Nil when `limits.client_renders_per_second` is 0 (the budget is off).
    init?(limits: LimitsConfiguration, trustedProxies: [String], logger: Logger? = nil) {
        guard limits.clientRendersPerSecond > 0 else { return nil }
        self.init(rate: limits.clientRendersPerSecond, burst: limits.effectiveBurst, limits: limits, trustedProxies: trustedProxies, logger: logger)
    }

    /// A budget of `rate` tokens a second (`burst` at most) keyed like the client budget.
    /// `policy`: the name the rate-limit fields give it.
    init(rate: Double, burst: Int, limits: LimitsConfiguration, trustedProxies: [String], logger: Logger? = nil, policy: String = "render") {
        let budget = RenderBudget(rate: rate, burst: burst)
        rateLimit = RateLimitFields(policy: policy, budget: budget)
        table = ClientBudgetTable(budget: budget, capacity: limits.clientsTracked, network: limits.networkBudget(for: budget))
        self.trustedProxies = TrustedProxies(trustedProxies)
        ipv4Prefix = limits.ipv4Prefix
        ipv6Prefix = limits.ipv6Prefix
        networkPrefixes = limits.networkPrefixes
        unparsableForwarded = logger.map(OnceWarning.init)
    }

    func admit(cost: Int, request: AnswerRequest) -> ServiceError? {
        admitReporting(cost: cost, request: request).refusal
    }

    func admitReporting(cost: Int, request: AnswerRequest) -> (refusal: ServiceError?, fields: [(name: String, value: String)]) {
        let (refusal, fields, _) = admitLaned(cost: cost, request: request)
        return (refusal, fields)
    }

    /// The client's key, found once, charges the budget and names the render lane (its network).
    func admitLaned(cost: Int, request: AnswerRequest) -> (refusal: ServiceError?, fields: [(name: String, value: String)], lane: UInt64) {
        let client = client(of: request)
        let lane = client.prefix(ipv4: networkPrefixes.ipv4, ipv6: networkPrefixes.ipv6).lane
        let (decision, remaining) = table.chargeReporting(client, tokens: cost, now: monotonicNanoseconds())
        switch decision {
        case .admitted: return (nil, rateLimit.fields(remaining: remaining), lane)
        case .refused(let retryAfter): return (.overBudget(retryAfter: retryAfter), rateLimit.fields(remaining: remaining), lane)
        }
    }

    /// A picture's fetch and decode, charged to the same client once its pixels are known,
    /// less what admission took for it beforehand (`PicturePrepayment`): the first rest is at
    /// most what the burst leaves, so every valid request still passes on a full bucket; every
    /// later one (the next face's picture) at most the burst, so a row of large pictures is
    /// refused at its second.
    func charge(for request: AnswerRequest, admitted: Int, prepaid: Int) -> WorkCharge {
        let client = client(of: request)
        let prepayment = Locked(PicturePrepayment(admitted: admitted, prepaid: prepaid, burst: table.budget.burst))
        return WorkCharge { [table] work in
            let tokens = prepayment.withLock { $0.owed(work.tokens) }
            guard tokens > 0 else { return nil }
            switch table.charge(client, tokens: tokens, now: monotonicNanoseconds()) {
            case .admitted: return nil
            case .refused(let retryAfter): return retryAfter
            }
        }
    }

    private func client(of request: AnswerRequest) -> ClientKey {
        // The header lists are fetched only when the peer may name the client.
        var address = request.peer
        if !trustedProxies.isEmpty, trustedProxies.contains(request.peer) {
            let resolved = trustedProxies.resolve(
                peer: request.peer, forwardedFor: request.head.headers(HeaderName.forwardedFor),
                forwarded: request.head.headers(HeaderName.forwarded))
            address = resolved.client
            if let hop = resolved.unparsable {
                unparsableForwarded?.warn(
                    "trusted proxy \(request.peer) forwarded \"\(String(hop.prefix(64)))\", which is not an IP address: "
                        + "such requests are charged to the proxy's own address (logged once)")
            }
        }
        return ClientAddress.key(address, ipv4Prefix: ipv4Prefix, ipv6Prefix: ipv6Prefix)
    }

}
