/// Which connections a full server may close for a new client (`server.max_connections`),
/// in the order it tries them: a new client must not be refused while a slot is held by one
/// that costs its client nothing to lose.
enum Eviction: Int, Sendable, CaseIterable {
    /// A keep-alive idle for more than a quarter of `idle_timeout`: its client has gone quiet
    /// and reopens at no cost.
    case idle
    /// A request head still arriving after a quarter of `read_header_timeout`
    /// (`slowHeadSince`): honest heads arrive at once; trickling ones are how a few addresses
    /// held every slot.
    case slowHead
    /// Any idle keep-alive (`idleSince`), however briefly: last, because one idle for a few
    /// milliseconds between an active client's requests is likely to carry the next one, and
    /// closing it under that request loses it. Trickling heads that reopened after their 408
    /// closed the keep-alives of an honest client between its requests (3–9 % of them lost).
    case recentlyIdle
}

extension HTTPConnectionStateMachine {
    /// Since when this connection could be closed as `kind`, or nil when it cannot be: the
    /// oldest is closed first.
    func evictableSince(_ kind: Eviction, now: Instant) -> Instant? {
        switch kind {
        case .idle: idleSince.flatMap { $0.duration(to: now) > policy.idleTimeout / 4 ? $0 : nil }
        case .slowHead: slowHeadSince(now: now)
        case .recentlyIdle: idleSince
        }
    }

    /// Closes the connection if it can be closed as `kind`; whether it did. Nothing is owed
    /// on such a connection, so nothing is lost but, for a slow head, the head's first bytes.
    mutating func evict(_ kind: Eviction, now: Instant) -> Bool {
        guard evictableSince(kind, now: now) != nil else { return false }
        state = .closed
        return true
    }
}
