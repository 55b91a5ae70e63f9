import Dispatch
import Testing
import MonogramCore

@Suite("LRUCache")
struct LRUCacheTests {
    @Test("evicts by total bytes, not by entry count")
    func evictsByBytes() {
        let cache = LRUCache<String, Int>(maxBytes: 100)
        cache.insert(1, forKey: "a", cost: 40)
        cache.insert(2, forKey: "b", cost: 40)
        #expect(cache.stats.entries == 2)
        cache.insert(3, forKey: "c", cost: 30)  // 110 > 100: "a" goes
        #expect(cache.value(forKey: "a") == nil)
        #expect(cache.value(forKey: "b") == 2)
        #expect(cache.value(forKey: "c") == 3)
        #expect(cache.stats.bytes == 70)
        // Many cheap entries fit where few expensive ones did not.
        for i in 0..<30 { cache.insert(i, forKey: "small\(i)", cost: 1) }
        #expect(cache.stats.entries == 32)
        #expect(cache.stats.evictions == 1)
    }

    @Test("a lookup refreshes an entry so the least recently used goes first")
    func lookupRefreshes() {
        let cache = LRUCache<String, Int>(maxBytes: 3)
        cache.insert(1, forKey: "a", cost: 1)
        cache.insert(2, forKey: "b", cost: 1)
        cache.insert(3, forKey: "c", cost: 1)
        _ = cache.value(forKey: "a")  // order now a, c, b (b least recent)
        cache.insert(4, forKey: "d", cost: 1)
        #expect(cache.value(forKey: "b") == nil)
        #expect(cache.value(forKey: "a") == 1)
        cache.insert(5, forKey: "e", cost: 1)  // c is now the least recent
        #expect(cache.value(forKey: "c") == nil)
        #expect(cache.value(forKey: "d") == 4)
        #expect(cache.value(forKey: "e") == 5)
    }

    @Test("replacing a key updates its value and the byte total and refreshes it")
    func replaceUpdatesBytes() {
        let cache = LRUCache<String, String>(maxBytes: 100)
        cache.insert("old", forKey: "k", cost: 10)
        cache.insert("other", forKey: "o", cost: 10)
        cache.insert("new", forKey: "k", cost: 50)
        #expect(cache.value(forKey: "k") == "new")
        #expect(cache.stats.bytes == 60)
        #expect(cache.stats.entries == 2)
        cache.insert("big", forKey: "x", cost: 45)  // 105: "o" is least recent, not "k"
        #expect(cache.value(forKey: "o") == nil)
        #expect(cache.value(forKey: "k") == "new")
        #expect(cache.stats.bytes == 95)
        #expect(cache.stats.evictions == 1)
    }

    @Test("an entry costing more than the whole cache is not stored", arguments: [101, 1_000_000])
    func oversizedRejected(cost: Int) {
        let cache = LRUCache<String, Int>(maxBytes: 100)
        cache.insert(1, forKey: "keep", cost: 60)
        cache.insert(2, forKey: "huge", cost: cost)
        #expect(cache.value(forKey: "huge") == nil)
        #expect(cache.value(forKey: "keep") == 1)  // nothing was evicted for it
        #expect(cache.stats.evictions == 0)
        // An oversized replacement removes the stale value instead of keeping it.
        cache.insert(3, forKey: "keep", cost: cost)
        #expect(cache.value(forKey: "keep") == nil)
        #expect(cache.stats == CacheStats(hits: 1, misses: 2, evictions: 0, entries: 0, bytes: 0))
    }

    @Test("an entry costing exactly the whole cache fits, alone")
    func exactFit() {
        let cache = LRUCache<Int, Int>(maxBytes: 100)
        cache.insert(1, forKey: 1, cost: 30)
        cache.insert(2, forKey: 2, cost: 100)
        #expect(cache.stats.entries == 1)
        #expect(cache.stats.bytes == 100)
        #expect(cache.value(forKey: 2) == 2)
    }

    @Test("counts hits, misses, evictions, entries and bytes")
    func statsCounters() {
        let cache = LRUCache<Int, Int>(maxBytes: 10)
        for key in 0..<5 { cache.insert(key, forKey: key, cost: 4) }  // keeps 3, 4
        _ = cache.value(forKey: 4)
        _ = cache.value(forKey: 3)
        _ = cache.value(forKey: 0)
        #expect(cache.stats == CacheStats(hits: 2, misses: 1, evictions: 3, entries: 2, bytes: 8))
        cache.removeAll()
        #expect(cache.stats == CacheStats(hits: 2, misses: 1, evictions: 3, entries: 0, bytes: 0))
        cache.insert(9, forKey: 9, cost: 10)
        #expect(cache.value(forKey: 9) == 9)
    }

    @Test("a zero-byte cache stores only free entries")
    func zeroCapacity() {
        let cache = LRUCache<Int, Int>(maxBytes: 0)
        cache.insert(1, forKey: 1, cost: 1)
        cache.insert(2, forKey: 2, cost: 0)
        #expect(cache.value(forKey: 1) == nil)
        #expect(cache.value(forKey: 2) == 2)
    }

    @Test("reuses freed slots: long churn keeps the entry count and bytes consistent")
    func churn() {
        let cache = LRUCache<Int, Int>(maxBytes: 64)
        for key in 0..<10_000 {
            cache.insert(key, forKey: key % 97, cost: key % 7 + 1)
            if key % 3 == 0 { _ = cache.value(forKey: (key / 3) % 97) }
        }
        let stats = cache.stats
        #expect(stats.bytes <= 64)
        #expect(stats.entries > 0)
        var found = 0
        for key in 0..<97 where cache.value(forKey: key) != nil { found += 1 }
        #expect(found == stats.entries)
    }

    @Test("8 threads of gets and puts leave the invariants intact")
    func concurrentAccess() {
        let maxBytes = 4_096
        let cache = LRUCache<Int, [Int]>(maxBytes: maxBytes)
        let operationsPerThread = 20_000
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var state = UInt64(thread + 1) &* 0x9E37_79B9_7F4A_7C15
            for _ in 0..<operationsPerThread {
                // xorshift: a cheap per-thread pseudo-random key stream that overlaps threads.
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                let key = Int(state % 512)
                if state % 3 == 0 {
                    cache.insert([key], forKey: key, cost: Int(state % 64) + 1)
                } else if let value = cache.value(forKey: key) {
                    #expect(value == [key])
                }
            }
        }
        let stats = cache.stats
        #expect(stats.bytes <= maxBytes)
        #expect(stats.bytes > 0)
        var found = 0
        for key in 0..<512 where cache.value(forKey: key) != nil { found += 1 }
        #expect(found == stats.entries)
        let lookups = cache.stats.hits + cache.stats.misses
        #expect(lookups > 8 * operationsPerThread / 2)
    }
}
