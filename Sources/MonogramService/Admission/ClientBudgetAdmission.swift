import MonogramCore
import MonogramHTTP

/// API §8's client render budget as the pipeline's admission step: it is asked only for work
/// (a cache miss, a picture fetch or decode, never a hit, a 304 or a request joining a render
/// in flight) and charges the job's cost to the client — the TCP peer, or through
/// `server.trusted_proxies` the forwarded client, IPv6 by its `limits.ipv6_prefix`.
struct ClientBudgetAdmission: AnswerAdmission {
    let table: ClientBudgetTable
    let trustedProxies: TrustedProxies
    let ipv4Prefix: Int
    let ipv6Prefix: Int
    /// Says once per process that a trusted proxy forwarded an address that is not one.
    let unparsableForwarded: OnceWarning?

    /// Nil when `limits.client_renders_per_second` is 0 (the budget is off).
    init?(limits: LimitsConfiguration, trustedProxies: [String], logger: Logger? = nil) {
        guard limits.clientRendersPerSecond > 0 else { return nil }
        let budget = RenderBudget(rate: limits.clientRendersPerSecond, burst: limits.effectiveBurst)
        table = ClientBudgetTable(budget: budget, capacity: limits.clientsTracked, network: limits.networkBudget(for: budget))
        self.trustedProxies = TrustedProxies(trustedProxies)
        ipv4Prefix = limits.ipv4Prefix
        ipv6Prefix = limits.ipv6Prefix
        unparsableForwarded = logger.map(OnceWarning.init)
    }

    func admit(cost: Int, request: AnswerRequest) -> ServiceError? {
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
        let client = ClientAddress.key(address, ipv4Prefix: ipv4Prefix, ipv6Prefix: ipv6Prefix)
        switch table.charge(client, tokens: cost, now: monotonicNanoseconds()) {
        case .admitted: return nil
        case .refused(let retryAfter): return .overBudget(retryAfter: retryAfter)
        }
    }

}
