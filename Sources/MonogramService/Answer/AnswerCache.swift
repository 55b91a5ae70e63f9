import MonogramCore
import MonogramSync

/// Every finished answer the service keeps, under one byte budget (`cache.max_bytes`):
/// answers by typed key, and raw request targets → key so a repeated URL skips option parsing
/// entirely. Answers that depend on a fetched picture carry their expiry and are dropped from
/// view once it passes; the LRU bound evicts them like any other entry.
final class AnswerCache: Sendable {
    /// What a raw target stands for: the answer's key, and where that answer sat when the
    /// alias was made, so a hit reaches it with one hash (of the target) instead of two (the
    /// target, then the key's strings). The handle keeps nothing alive: once the answer is
    /// evicted it is stale, and the key finds whatever answers for it now.
    struct Alias: Sendable {
        let key: AnswerKey
        let handle: LRUHandle?
    }

    let answers: LRUCache<AnswerKey, StoredAnswer>
    /// Aliases take 1/32 of the budget: they only save parsing.
    let aliases: LRUCache<String, Alias>
    /// Person tag → answers (API §9), changed only together with `answers` under its own lock,
    /// which stores and purges take (never a hit).
    private let tags = Locked(TagIndex())
    private let clock = ContinuousClock()

    init(maxBytes: Int) {
        let aliasShare = maxBytes / 32
        answers = LRUCache(maxBytes: maxBytes - aliasShare)
        aliases = LRUCache(maxBytes: aliasShare)
    }

    /// The answer a raw target was last answered with, if it is still there and fresh. Counts
    /// an alias hit and an answer hit (or miss), as a lookup of the alias's key would.
    func answer(forTarget target: String) -> StoredAnswer? {
        guard let alias = aliases.value(forKey: target) else { return nil }
        if let handle = alias.handle, let stored = answers.value(at: handle) { return fresh(stored) }
        return answer(for: alias.key)
    }

    func answer(for key: AnswerKey) -> StoredAnswer? {
        lookup(key)?.stored
    }

    /// The answer for `key` and where it sits (for an alias), if it is there and fresh.
    func lookup(_ key: AnswerKey) -> (stored: StoredAnswer, handle: LRUHandle)? {
        guard let (stored, handle) = answers.entry(forKey: key), let fresh = fresh(stored) else { return nil }
        return (fresh, handle)
    }

    // An expired entry is left where it is: the next answer for the key replaces it, and
    // until then it is bounded by the budget like any other.
    // No clock read for answers that never expire (the hit path of every initials avatar).
    private func fresh(_ stored: StoredAnswer) -> StoredAnswer? {
        stored.neverExpires || stored.isFresh(at: clock.now) ? stored : nil
    }

    /// Keeps `answer` under `key` (unless it has already expired) and `target` as its alias.
    func store(_ answer: StoredAnswer, for key: AnswerKey, target: String?) {
        if let expires = answer.expires, expires <= clock.now { return }
        let cost = answer.cost(keyBytes: key.storageBytes) + answer.tags.count * TagIndex.bytesPerTag
        let handle = tags.withLock { index in
            let handle = answers.insert(answer, forKey: key, cost: cost) { gone, old in index.remove(gone, tags: old.tags) }
            if handle != nil { index.add(key, tags: answer.tags) }
            return handle
        }
        if let target { remember(target, as: key, at: handle) }
    }

    /// Drops every answer filed under any of `people` (or every answer, with `all`); how many
    /// went. Aliases are left: theirs handles go stale and their keys now miss.
    func purge(all: Bool, people: [UInt64]) -> Int {
        tags.withLock { index in
            if all {
                let count = answers.stats.entries
                answers.removeAll()
                index.removeAll()
                return count
            }
            var dropped = 0
            for tag in people {
                for key in index.answers(tag) {
                    if let old = answers.remove(forKey: key) {
                        dropped += 1
                        index.remove(key, tags: old.tags)
                    } else {
                        index.remove(key, tags: [tag])
                    }
                }
            }
            return dropped
        }
    }

    /// Records in the tag index (for tests of its bound).
    var tagRecords: Int { tags.withLock { $0.records } }

    /// An alias costs both strings and the bookkeeping (the handle's two words included).
    func remember(_ target: String, as key: AnswerKey, at handle: LRUHandle?) {
        aliases.insert(Alias(key: key, handle: handle), forKey: target, cost: target.utf8.count + key.storageBytes + 192)
    }
}
