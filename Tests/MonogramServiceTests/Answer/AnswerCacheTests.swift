import MonogramCore
import MonogramHTTP
@testable import MonogramService
import Testing

@Suite("answer cache aliases")
struct AnswerCacheTests {
    private func answer(_ text: String) -> StoredAnswer {
        StoredAnswer(response: HTTPResponse(status: .ok, headers: [], body: Array(text.utf8)), notModified: nil, etag: nil)
    }

    @Test("a target reaches the answer its key has now: replaced, evicted, stored again")
    func aliasFollowsKey() {
        let cache = AnswerCache(maxBytes: 1 << 20)
        let key = AnswerKey.avatar(AvatarOptions(), name: "Jane")
        cache.store(answer("one"), for: key, target: "/avatar/Jane")
        #expect(cache.answer(forTarget: "/avatar/Jane")?.response.body == Array("one".utf8))
        cache.store(answer("two"), for: key, target: nil)  // same key, new answer: the alias follows
        #expect(cache.answer(forTarget: "/avatar/Jane")?.response.body == Array("two".utf8))
        cache.answers.removeAll()
        #expect(cache.answer(forTarget: "/avatar/Jane") == nil)
        // Stored again without the target (another spelling of the request): the alias's handle
        // is stale, and its key finds the answer.
        cache.store(answer("three"), for: AnswerKey.avatar(AvatarOptions(), name: "other"), target: nil)
        cache.store(answer("four"), for: key, target: nil)
        #expect(cache.answer(forTarget: "/avatar/Jane")?.response.body == Array("four".utf8))
    }

    @Test("hits through an alias count an alias hit and an image hit, as before")
    func countsBoth() {
        let cache = AnswerCache(maxBytes: 1 << 20)
        let key = AnswerKey.avatar(AvatarOptions(), name: "Jane")
        cache.store(answer("one"), for: key, target: "/a")
        for _ in 0..<3 { _ = cache.answer(forTarget: "/a") }
        _ = cache.answer(forTarget: "/b")
        #expect(cache.aliases.stats.hits == 3 && cache.aliases.stats.misses == 1)
        #expect(cache.answers.stats.hits == 3 && cache.answers.stats.misses == 0)
    }
}
