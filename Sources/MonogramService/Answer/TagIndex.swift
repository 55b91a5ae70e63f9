import MonogramCore

/// Which cached answers carry each person tag (API §9), so `POST /purge` and a directory reload
/// drop exactly those answers without walking the cache.
///
/// Exact, not a guess: `AnswerCache` adds an answer's tags when it stores it and removes them
/// when the LRU evicts or replaces it (inside the same lock), so the index holds one record per
/// (person tag, cached answer) and nothing for answers that are gone. Its memory is charged to
/// the answers themselves (`bytesPerTag` each, within `cache.max_bytes`), so the cache's byte
/// budget bounds the index too: at most `cache.max_bytes ÷ bytesPerTag` records.
struct TagIndex {
    /// What one record costs at most, measured the way `StoredAnswer.cost` is: the key's slot
    /// in a set (40 B of `AnswerKey` at the set's load factor), and, when it is a tag's only
    /// answer, the dictionary slot and the set's own storage. The key's strings are shared with
    /// the LRU's copy and are charged there.
    static let bytesPerTag = 192

    private var keys: [UInt64: Set<AnswerKey>] = [:]
    /// Records held now (for tests and the bound).
    private(set) var records = 0

    mutating func add(_ key: AnswerKey, tags: [UInt64]) {
        for tag in tags where keys[tag, default: []].insert(key).inserted { records += 1 }
    }

    mutating func remove(_ key: AnswerKey, tags: [UInt64]) {
        for tag in tags {
            // In place through the dictionary's accessor: a `var set = keys[tag]` copy would
            // duplicate the whole set on every removal (N² for a purge or the evictions of a
            // popular person's N answers, under the cache lock).
            guard keys[tag]?.remove(key) != nil else { continue }
            records -= 1
            if keys[tag]?.isEmpty == true { keys[tag] = nil }
        }
    }

    /// The answers filed under `tag` (the caller removes each from the LRU and then from here,
    /// with all its tags).
    func answers(_ tag: UInt64) -> Set<AnswerKey> {
        keys[tag] ?? []
    }

    mutating func removeAll() {
        keys = [:]
        records = 0
    }
}
