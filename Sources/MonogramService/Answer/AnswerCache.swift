import MonogramCore

/// Every finished answer the service keeps, under one byte budget (`cache.max_bytes`):
/// answers by typed key, and raw request targets → key so a repeated URL skips option parsing
/// entirely. Answers that depend on a fetched picture carry their expiry and are dropped from
/// view once it passes; the LRU bound evicts them like any other entry.
final class AnswerCache: Sendable {
    let answers: LRUCache<AnswerKey, StoredAnswer>
    /// Aliases take 1/32 of the budget: they only save parsing.
    let aliases: LRUCache<String, AnswerKey>
    private let clock = ContinuousClock()

    init(maxBytes: Int) {
        let aliasShare = maxBytes / 32
        answers = LRUCache(maxBytes: maxBytes - aliasShare)
        aliases = LRUCache(maxBytes: aliasShare)
    }

    /// The answer a raw target was last answered with, if it is still there and fresh.
    func answer(forTarget target: String) -> StoredAnswer? {
        guard let key = aliases.value(forKey: target) else { return nil }
        return answer(for: key)
    }

    func answer(for key: AnswerKey) -> StoredAnswer? {
        // An expired entry is left where it is: the next answer for the key replaces it, and
        // until then it is bounded by the budget like any other.
        // No clock read for answers that never expire (the hit path of every initials avatar).
        guard let stored = answers.value(forKey: key), stored.expires == nil || stored.isFresh(at: clock.now) else { return nil }
        return stored
    }

    /// Keeps `answer` under `key` (unless it has already expired) and `target` as its alias.
    func store(_ answer: StoredAnswer, for key: AnswerKey, target: String?) {
        if let expires = answer.expires, expires <= clock.now { return }
        answers.insert(answer, forKey: key, cost: answer.cost(keyBytes: key.storageBytes))
        if let target { remember(target, as: key) }
    }

    /// An alias costs both strings and the bookkeeping.
    func remember(_ target: String, as key: AnswerKey) {
        aliases.insert(key, forKey: target, cost: target.utf8.count + key.storageBytes + 192)
    }
}
