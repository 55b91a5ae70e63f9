import MonogramSync

/// Collects everyone waiting for the same key so one piece of work answers them all.
///
/// The first to `join` starts the work and must call `finish` exactly once, whatever the
/// outcome (the pipeline does: every path out of a job ends in `finish`), or later requests for
/// the key would wait for ever.
final class SingleFlight<Key: Hashable & Sendable, Waiter: Sendable>: Sendable {
    private let flights = Locked<[Key: [Waiter]]>([:])

    /// Adds a waiter; true when it is the first, and so must start the work.
    func join(_ key: Key, _ waiter: Waiter) -> Bool {
        flights.withLock { flights in
            if flights[key] != nil {
                flights[key, default: []].append(waiter)
                return false
            }
            flights[key] = [waiter]
            return true
        }
    }

    /// Adds a waiter only if the key is already in flight; true when it was.
    func joinExisting(_ key: Key, _ waiter: Waiter) -> Bool {
        flights.withLock { flights in
            guard flights[key] != nil else { return false }
            flights[key, default: []].append(waiter)
            return true
        }
    }

    /// Ends the flight and hands back every waiter.
    func finish(_ key: Key) -> [Waiter] {
        flights.withLock { $0.removeValue(forKey: key) ?? [] }
    }

    /// Flights in progress (for tests and the pipeline's own checks).
    var count: Int { flights.withLock { $0.count } }
}
