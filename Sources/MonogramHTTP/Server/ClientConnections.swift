import MonogramSync

/// Who a connection counts against for the per-client connection limit: a peer address cut to
/// its client prefix (the application decides how: `ClientConnections.classify`), as 128 bits.
public struct ConnectionClient: Hashable, Sendable {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}

/// Everything one connection counts against: its client, and the client's coarser network
/// (the same /24 or /48 as the network's render budget).
public struct ConnectionOwner: Hashable, Sendable {
    public let client: ConnectionClient
    public let network: ConnectionClient

    public init(client: ConnectionClient, network: ConnectionClient) {
        self.client = client
        self.network = network
    }
}

/// Why `ClientConnections` refused a connection; the reason goes to the client in a `429`.
enum ConnectionRefusal: Sendable, Equatable {
    /// The client holds `limits.client_connections`.
    case client
    /// The client's network holds `limits.network_connections`.
    case network

    var reason: String {
        switch self {
        case .client: "too many connections from your address, retry shortly"
        case .network: "too many connections from your network, retry shortly"
        }
    }
}

/// The per-client and per-network connection limits, shared by every loop: open connections
/// counted by client and by network, at most `limit` and `networkLimit` each. Without the
/// first, one address could hold every slot of `max_connections` (1,024 keep-alives, one
/// request every 8 s each, and honest clients got nothing but 503s); without the second,
/// 16 addresses of one network held them all with 64 each. One lock held for two dictionary
/// updates, at accept and at close only.
public final class ClientConnections: Sendable {
    /// Connections one client may hold open at once.
    public let limit: Int
    /// Connections one network may hold open at once.
    public let networkLimit: Int
    /// What a peer (as `HTTPRequestContext.peer` spells it) counts against, or nil for a peer
    /// with no limit (a trusted proxy carries many clients' connections).
    let classify: @Sendable (String) -> ConnectionOwner?
    private let counts = Locked<Counts>(Counts())

    private struct Counts {
        var clients: [ConnectionClient: Int] = [:]
        var networks: [ConnectionClient: Int] = [:]
    }

    /// - Parameters:
    ///   - limit: per client; `Int.max` for none.
    ///   - networkLimit: per network; `Int.max` (the default) for none.
    public init(limit: Int, networkLimit: Int = .max, classify: @escaping @Sendable (String) -> ConnectionOwner?) {
        self.limit = max(1, limit)
        self.networkLimit = max(1, networkLimit)
        self.classify = classify
    }

    /// Counts one more connection for `owner`, or says which limit it is already at (counting
    /// nothing).
    func open(_ owner: ConnectionOwner) -> ConnectionRefusal? {
        counts.withLock { counts in
            let held = counts.clients[owner.client, default: 0]
            guard held < limit else { return .client }
            let networkHeld = counts.networks[owner.network, default: 0]
            guard networkHeld < networkLimit else { return .network }
            counts.clients[owner.client] = held + 1
            counts.networks[owner.network] = networkHeld + 1
            return nil
        }
    }

    func close(_ owner: ConnectionOwner) {
        counts.withLock { counts in
            // Entries go when their last connection does: the tables hold only open clients.
            if let held = counts.clients[owner.client] { counts.clients[owner.client] = held > 1 ? held - 1 : nil }
            if let held = counts.networks[owner.network] { counts.networks[owner.network] = held > 1 ? held - 1 : nil }
        }
    }

    /// Connections `client` holds now (for tests).
    func held(by client: ConnectionClient) -> Int {
        counts.withLock { $0.clients[client, default: 0] }
    }

    /// Connections the network `network` holds now (for tests).
    func held(byNetwork network: ConnectionClient) -> Int {
        counts.withLock { $0.networks[network, default: 0] }
    }
}
