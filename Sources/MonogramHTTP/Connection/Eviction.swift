/// Which connections a full server may close for a new client (`server.max_connections`),
/// in the order it tries them: a new client must not be refused while a slot is held by one
/// that costs its client nothing to lose.
enum Eviction: Int, Sendable, CaseIterable {
    /// A keep-alive waiting for its next request (`idleSince`): its client reopens at no cost.
    case idle
    /// A request head still arriving after a quarter of `read_header_timeout`
    /// (`slowHeadSince`): honest heads arrive at once; trickling ones are how a few addresses
    /// held every slot.
    case slowHead
}

extension HTTPConnectionStateMachine {
    /// Since when this connection could be closed as `kind`, or nil when it cannot be: the
    /// oldest is closed first.
    func evictableSince(_ kind: Eviction, now: Instant) -> Instant? {
        switch kind {
        case .idle: idleSince
        case .slowHead: slowHeadSince(now: now)
        }
    }

    /// Closes the connection if it can be closed as `kind`; whether it did.
    mutating func evict(_ kind: Eviction, now: Instant) -> Bool {
        switch kind {
        case .idle: evictIfIdle()
        case .slowHead: evictIfSlowHead(now: now)
        }
    }
}
