import MonogramCore
import MonogramHTTP

/// API §8's client render budget as the pipeline's admission step: it is asked only for work
/// (a cache miss, a picture fetch or decode, never a hit, a 304 or a request joining a render
/// in flight) and charges the job's cost to the client — the TCP peer, or through
/// `server.trusted_proxies` the forwarded client, IPv6 by its `limits.ipv6_prefix`.
struct ClientBudgetAdmission: AnswerAdmission {
    let table: ClientBudgetTable
    let trustedProxies: TrustedProxies
    let ipv6Prefix: Int

    /// Nil when `limits.client_renders_per_second` is 0 (the budget is off).
    init?(limits: LimitsConfiguration, trustedProxies: [String]) {
        guard limits.clientRendersPerSecond > 0 else { return nil }
        table = ClientBudgetTable(
            budget: RenderBudget(rate: limits.clientRendersPerSecond, burst: limits.effectiveBurst), capacity: limits.clientsTracked)
        self.trustedProxies = TrustedProxies(trustedProxies)
        ipv6Prefix = limits.ipv6Prefix
    }

    func admit(cost: Int, request: AnswerRequest) -> ServiceError? {
        // The header lists are fetched only when the peer may name the client.
        let address = trustedProxies.isEmpty || !trustedProxies.contains(request.peer)
            ? request.peer
            : trustedProxies.client(
                peer: request.peer, forwardedFor: request.head.headers(HeaderName.forwardedFor),
                forwarded: request.head.headers(HeaderName.forwarded))
        let client = ClientAddress.key(address, ipv6Prefix: ipv6Prefix)
        switch table.charge(client, tokens: cost, now: monotonicNanoseconds()) {
        case .admitted: return nil
        case .refused(let retryAfter): return .overBudget(retryAfter: retryAfter)
        }
    }

}
