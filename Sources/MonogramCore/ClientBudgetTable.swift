import MonogramSync

/// `ClientBuckets` shared by every event-loop thread: one lock held for one O(1) charge, plus
/// the count of refusals for `/metrics`. Charged only for requests about to be queued for work
/// (a cache miss, a picture fetch or decode), never for hits and 304s.
public final class ClientBudgetTable: Sendable {
    private let buckets: Locked<ClientBuckets>
    public let budget: RenderBudget

    public init(budget: RenderBudget, capacity: Int) {
        self.budget = budget
        buckets = Locked(ClientBuckets(budget: budget, capacity: capacity))
    }

    /// Charges the cost of `pixels` output pixels to `client` at monotonic time `now`.
    public func charge(_ client: ClientKey, pixels: Int, now: UInt64) -> BudgetDecision {
        let cost = budget.cost(pixels: pixels)
        return buckets.withLock { $0.charge(client, cost: cost, now: now) }
    }

    /// Charges `tokens` already computed by the caller (`RenderBudget.cost(pixels:)`; capped at
    /// the burst here too) to `client` at monotonic time `now`.
    public func charge(_ client: ClientKey, tokens: Int, now: UInt64) -> BudgetDecision {
        buckets.withLock { $0.charge(client, cost: tokens, now: now) }
    }

    /// Requests refused so far (a Prometheus counter: never reset).
    public var refused: Int { buckets.withLock { $0.refusals } }

    /// Clients remembered now (at most `limits.clients_tracked`).
    public var clientsTracked: Int { buckets.withLock { $0.count } }
}
