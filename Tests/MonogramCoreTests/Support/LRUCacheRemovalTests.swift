import MonogramCore
import Testing

@Suite("LRUCache removal reports")
struct LRUCacheRemovalTests {
    @Test("insert hands over exactly the entries it evicted, and remove takes one out")
    func reportsEvictions() {
        let cache = LRUCache<String, Int>(maxBytes: 30)
        var gone: [String] = []
        for (index, key) in ["a", "b", "c"].enumerated() {
            cache.insert(index, forKey: key, cost: 10) { key, _ in gone.append(key) }
        }
        #expect(gone.isEmpty)
        cache.insert(3, forKey: "d", cost: 15) { key, value in gone.append("\(key)=\(value)") }
        #expect(gone == ["a=0", "b=1"])
        // Replaced: the old value is reported.
        cache.insert(7, forKey: "c", cost: 10) { key, value in gone.append("\(key)=\(value)") }
        #expect(gone == ["a=0", "b=1", "c=2"])
        // Too large for the cache: the old value of its key goes, and is reported.
        cache.insert(9, forKey: "c", cost: 31) { key, value in gone.append("\(key)=\(value)") }
        #expect(gone == ["a=0", "b=1", "c=2", "c=7"])
        #expect(cache.remove(forKey: "d") == 3)
        #expect(cache.remove(forKey: "d") == nil)
        #expect(cache.stats.entries == 0 && cache.stats.bytes == 0)
        #expect(cache.stats.evictions == 2)
    }
}
