public import MonogramCore

/// `limits` as the request pipeline uses it (API §8).
public struct ClientBudgetSettings: Sendable, Hashable {
    public var budget: RenderBudget
    /// Clients remembered at most (`limits.clients_tracked`).
    public var clientsTracked: Int
    /// Leading bits an IPv6 client is keyed by (`limits.ipv6_prefix`).
    public var ipv6Prefix: Int

    public init(budget: RenderBudget, clientsTracked: Int, ipv6Prefix: Int) {
        self.budget = budget
        self.clientsTracked = clientsTracked
        self.ipv6Prefix = ipv6Prefix
    }
}
