import Testing
import MonogramCore

@Suite("LRUCache handles")
struct LRUCacheHandleTests {
    @Test("a handle reaches its entry, refreshes it and counts a hit, like a lookup by key")
    func reachesEntry() throws {
        let cache = LRUCache<String, Int>(maxBytes: 3)
        let a = try #require(cache.insert(1, forKey: "a", cost: 1))
        cache.insert(2, forKey: "b", cost: 1)
        cache.insert(3, forKey: "c", cost: 1)
        #expect(cache.value(at: a) == 1)  // order now a, c, b
        #expect(cache.stats.hits == 1 && cache.stats.misses == 0)
        cache.insert(4, forKey: "d", cost: 1)
        #expect(cache.value(forKey: "b") == nil)  // b was least recent, not a
        #expect(cache.value(at: a) == 1)
    }

    @Test("a new value for the same key keeps the handle valid; eviction makes it stale for good")
    func staleAfterEviction() throws {
        let cache = LRUCache<String, Int>(maxBytes: 2)
        let a = try #require(cache.insert(1, forKey: "a", cost: 1))
        #expect(cache.insert(10, forKey: "a", cost: 1) == a)
        #expect(cache.value(at: a) == 10)
        cache.insert(2, forKey: "b", cost: 1)
        cache.insert(3, forKey: "c", cost: 1)  // evicts a
        let before = cache.stats
        #expect(cache.value(at: a) == nil)
        #expect(cache.stats == before)  // a stale handle counts nothing: the caller looks up by key
        // The freed slot is reused by another key: the old handle must not reach it.
        cache.insert(4, forKey: "d", cost: 1)
        #expect(cache.value(at: a) == nil)
        let again = try #require(cache.entry(forKey: "d"))
        #expect(again.value == 4 && cache.value(at: again.handle) == 4)
        cache.removeAll()
        #expect(cache.value(at: again.handle) == nil)
    }

    @Test("an entry that does not fit has no handle, and removes the one it replaced")
    func tooLarge() throws {
        let cache = LRUCache<String, Int>(maxBytes: 5)
        let a = try #require(cache.insert(1, forKey: "a", cost: 5))
        #expect(cache.insert(2, forKey: "a", cost: 6) == nil)
        #expect(cache.value(at: a) == nil && cache.value(forKey: "a") == nil)
        #expect(cache.entry(forKey: "zz") == nil && cache.stats.misses == 2)
    }
}
