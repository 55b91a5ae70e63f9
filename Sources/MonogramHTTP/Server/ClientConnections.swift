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

/// The per-client connection limit, shared by every loop: open connections counted by client,
/// at most `limit` each. Without it one address could hold every slot of `max_connections`
/// (1,024 keep-alives, one request every 8 s each, and honest clients got nothing but 503s).
/// One lock held for one dictionary update, at accept and at close only.
public final class ClientConnections: Sendable {
    /// Connections one client may hold open at once.
    public let limit: Int
    /// The client a peer (as `HTTPRequestContext.peer` spells it) counts against, or nil for a
    /// peer with no limit (a trusted proxy carries many clients' connections).
    let classify: @Sendable (String) -> ConnectionClient?
    private let counts = Locked<[ConnectionClient: Int]>([:])

    public init(limit: Int, classify: @escaping @Sendable (String) -> ConnectionClient?) {
        self.limit = max(1, limit)
        self.classify = classify
    }

    /// Counts one more connection for `client`, or refuses (false) when it already holds `limit`.
    func open(_ client: ConnectionClient) -> Bool {
        counts.withLock { counts in
            let held = counts[client, default: 0]
            guard held < limit else { return false }
            counts[client] = held + 1
            return true
        }
    }

    func close(_ client: ConnectionClient) {
        counts.withLock { counts in
            guard let held = counts[client] else { return }
            // Entries go when their last connection does: the table holds only open clients.
            counts[client] = held > 1 ? held - 1 : nil
        }
    }

    /// Connections `client` holds now (for tests).
    func held(by client: ConnectionClient) -> Int {
        counts.withLock { $0[client, default: 0] }
    }
}
