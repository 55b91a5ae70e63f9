import MonogramSync

/// `ClientBuckets` shared by every event-loop thread: one lock held for one O(1) charge, plus
/// the count of refusals for `/metrics`. Charged only for requests about to be queued for work
/// (a cache miss, a picture fetch or decode), never for hits and 304s.
///
/// With a `NetworkBudget`, each charge also goes to the client's network (its key cut to a
/// shorter prefix, a /24 or a /48) in a second table, both or neither: one client keyed by its
/// /32 could otherwise rotate through the 256 addresses of its /24 and get 256 budgets.
public final class ClientBudgetTable: Sendable {
    /// The second, coarser bucket: how a client's network is cut from its key, and its budget.
    public struct NetworkBudget: Sendable, Hashable {
        public let budget: RenderBudget
        public let ipv4Prefix: Int
        public let ipv6Prefix: Int

        public init(budget: RenderBudget, ipv4Prefix: Int, ipv6Prefix: Int) {
            self.budget = budget
            self.ipv4Prefix = ipv4Prefix
            self.ipv6Prefix = ipv6Prefix
        }
    }

    private struct Tables: Sendable {
        var clients: ClientBuckets
        var networks: ClientBuckets?
    }

    private let buckets: Locked<Tables>
    public let budget: RenderBudget
    public let network: NetworkBudget?

    public init(budget: RenderBudget, capacity: Int, network: NetworkBudget? = nil) {
        self.budget = budget
        self.network = network
        buckets = Locked(Tables(
            clients: ClientBuckets(budget: budget, capacity: capacity),
            networks: network.map { ClientBuckets(budget: $0.budget, capacity: capacity) }))
    }

    /// Charges the cost of `pixels` output pixels to `client` at monotonic time `now`.
    public func charge(_ client: ClientKey, pixels: Int, now: UInt64) -> BudgetDecision {
        charge(client, tokens: budget.cost(pixels: pixels), now: now)
    }

    /// Charges `tokens` already computed by the caller (`RenderBudget.cost(pixels:)`; capped at
    /// the burst here too) to `client`, and to its network, at monotonic time `now`. Refused
    /// when either bucket is short, with the later of the two retry times; nothing is taken then.
    public func charge(_ client: ClientKey, tokens: Int, now: UInt64) -> BudgetDecision {
        chargeReporting(client, tokens: tokens, now: now).decision
    }

    /// `charge`, and the tokens the client has left afterwards (the lower of its own bucket and
    /// its network's): what the `RateLimit` field reports (API §11).
    public func chargeReporting(_ client: ClientKey, tokens: Int, now: UInt64) -> (decision: BudgetDecision, remaining: Double) {
        let networkKey = network.map { client.prefix(ipv4: $0.ipv4Prefix, ipv6: $0.ipv6Prefix) }
        return buckets.withLock { tables in
            let (slot, held) = tables.clients.refill(client, now: now)
            let cost = tables.clients.capped(tokens)
            var retryAfter = held >= cost ? 0 : tables.clients.retryAfter(cost: cost, tokens: held)
            // What is left once this charge is taken (or, refused, what there is).
            var networkLeft = Double.infinity
            if let networkKey, var networks = tables.networks {
                // Moved out and back, so the refill does not copy the table.
                tables.networks = nil
                let (found, pooled) = networks.refill(networkKey, now: now)
                if pooled < cost { retryAfter = max(retryAfter, networks.retryAfter(cost: cost, tokens: pooled)) }
                if retryAfter == 0 { networks.spend(found, cost: cost) }
                networkLeft = retryAfter == 0 ? pooled - cost : pooled
                tables.networks = networks
            }
            guard retryAfter == 0 else {
                tables.clients.countRefusal()
                return (.refused(retryAfter: retryAfter), max(0, min(held, networkLeft)))
            }
            tables.clients.spend(slot, cost: cost)
            return (.admitted, max(0, min(held - cost, networkLeft)))
        }
    }

    /// Requests refused so far (a Prometheus counter: never reset).
    public var refused: Int { buckets.withLock { $0.clients.refusals } }

    /// Clients remembered now (at most `limits.clients_tracked`).
    public var clientsTracked: Int { buckets.withLock { $0.clients.count } }

    /// Tokens `client` and its network hold as of their last charge (for tests).
    public func tokens(of client: ClientKey) -> (client: Double?, network: Double?) {
        let networkKey = network.map { client.prefix(ipv4: $0.ipv4Prefix, ipv6: $0.ipv6Prefix) }
        return buckets.withLock { tables in
            (tables.clients.tokens(of: client), networkKey.flatMap { tables.networks?.tokens(of: $0) })
        }
    }
}
