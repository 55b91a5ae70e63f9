import MonogramCore
import MonogramHTTP
@testable import MonogramService
import Testing

@Suite("answer cache tag index (API §9)")
struct AnswerCacheTagTests {
    private func answer(_ tags: [UInt64], bytes: Int = 10) -> StoredAnswer {
        StoredAnswer(response: HTTPResponse(status: .ok, headers: [], body: Array(repeating: 1, count: bytes)), notModified: nil, etag: nil, tags: tags)
    }

    private func key(_ name: String) -> AnswerKey { .avatar(AvatarOptions(), name: name) }

    @Test("a purge drops exactly the answers filed under its tags, and counts them")
    func exact() {
        let cache = AnswerCache(maxBytes: 1 << 20)
        cache.store(answer([1]), for: key("a"), target: "/a")
        cache.store(answer([1, 2]), for: key("ab"), target: nil)
        cache.store(answer([2]), for: key("b"), target: nil)
        cache.store(answer([3]), for: key("c"), target: nil)
        cache.store(answer([]), for: key("nobody"), target: nil)
        #expect(cache.purge(all: false, people: [1]) == 2)
        #expect(cache.answer(for: key("a")) == nil && cache.answer(forTarget: "/a") == nil)
        #expect(cache.answer(for: key("ab")) == nil)
        #expect(cache.answer(for: key("b")) != nil && cache.answer(for: key("c")) != nil && cache.answer(for: key("nobody")) != nil)
        // The group's other tag forgot it too: purging 2 drops only b.
        #expect(cache.purge(all: false, people: [2]) == 1)
        #expect(cache.purge(all: false, people: [2, 99]) == 0)
        #expect(cache.tagRecords == 1)
        #expect(cache.purge(all: true, people: []) == 2)
        #expect(cache.answers.stats.entries == 0 && cache.tagRecords == 0)
    }

    @Test("the index forgets evicted answers: its records never exceed the cached answers' tags")
    func bounded() {
        // Room for a handful of answers; thousands are stored.
        let cache = AnswerCache(maxBytes: 64 * 1024)
        for index in 0..<5000 {
            cache.store(answer([UInt64(index % 97), 1000 + UInt64(index)]), for: key("n\(index)"), target: nil)
            #expect(cache.tagRecords <= 2 * cache.answers.stats.entries)
        }
        let entries = cache.answers.stats.entries
        #expect(entries > 0 && entries < 100)
        #expect(cache.tagRecords == 2 * entries)
        // Storing the same key again (even with other tags) files it once, under the new tags.
        cache.store(answer([5, 6]), for: key("n4999"), target: nil)
        cache.store(answer([5, 6]), for: key("n4999"), target: nil)
        #expect(cache.tagRecords == 2 * cache.answers.stats.entries)
        // Each record is charged to the answer that carries it.
        let plain = AnswerCache(maxBytes: 1 << 20), tagged = AnswerCache(maxBytes: 1 << 20)
        plain.store(answer([]), for: key("x"), target: nil)
        tagged.store(answer([1, 2, 3]), for: key("x"), target: nil)
        #expect(tagged.answers.stats.bytes - plain.answers.stats.bytes == 3 * TagIndex.bytesPerTag)
    }
}
