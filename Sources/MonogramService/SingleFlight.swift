import MonogramSync

/// Collects everyone waiting for the same key so one render answers them all.
final class SingleFlight<Waiter: Sendable>: Sendable {
    private let flights = Locked<[String: [Waiter]]>([:])

    /// Adds a waiter; true when it is the first, and so must start the work.
    func join(_ key: String, _ waiter: Waiter) -> Bool {
        flights.withLock { flights in
            if flights[key] != nil {
                flights[key]!.append(waiter)
                return false
            }
            flights[key] = [waiter]
            return true
        }
    }

    /// Whether work for `key` is under way (a request that finds it so joins and adds no work).
    func contains(_ key: String) -> Bool {
        flights.withLock { $0[key] != nil }
    }

    /// Ends the flight and hands back every waiter.
    func finish(_ key: String) -> [Waiter] {
        flights.withLock { $0.removeValue(forKey: key) ?? [] }
    }
}
