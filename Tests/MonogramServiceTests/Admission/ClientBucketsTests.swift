import MonogramCore
import MonogramService
import Testing

/// The per-client token buckets with a hand-driven clock (nanoseconds): no sleeps, no timing.
@Suite struct ClientBucketsTests {
    static let second: UInt64 = 1_000_000_000
    let alice = ClientKey(high: 0, low: 0xFFFF_7F00_0001)
    let bob = ClientKey(high: 0, low: 0xFFFF_7F00_0002)

    @Test("a new client may spend its whole burst at once, then is refused")
    func burst() {
        var buckets = ClientBuckets(budget: RenderBudget(rate: 2, burst: 10), capacity: 8)
        for _ in 0..<10 { #expect(buckets.charge(alice, cost: 1, now: 0) == .admitted) }
        #expect(buckets.charge(alice, cost: 1, now: 0) == .refused(retryAfter: 1))
        #expect(buckets.refusals == 1)
    }

    @Test("tokens come back at the rate, never beyond the burst")
    func refill() {
        var buckets = ClientBuckets(budget: RenderBudget(rate: 2, burst: 10), capacity: 8)
        for _ in 0..<10 { _ = buckets.charge(alice, cost: 1, now: 0) }
        // 1.5 s at 2/s: 3 tokens.
        let later = Self.second * 3 / 2
        for _ in 0..<3 { #expect(buckets.charge(alice, cost: 1, now: later) == .admitted) }
        #expect(buckets.charge(alice, cost: 1, now: later) != .admitted)
        // An hour idle refills to the burst, not 7200 tokens.
        let hour = later + 3600 * Self.second
        for _ in 0..<10 { #expect(buckets.charge(alice, cost: 1, now: hour) == .admitted) }
        #expect(buckets.charge(alice, cost: 1, now: hour) != .admitted)
    }

    @Test("Retry-After is the whole seconds until the bucket holds the cost")
    func retryAfter() {
        var buckets = ClientBuckets(budget: RenderBudget(rate: 0.5, burst: 10), capacity: 8)
        #expect(buckets.charge(alice, cost: 10, now: 0) == .admitted)
        // 4 tokens at 0.5/s: 8 s.
        #expect(buckets.charge(alice, cost: 4, now: 0) == .refused(retryAfter: 8))
        // A refusal takes nothing: after 8 s the same request passes.
        #expect(buckets.charge(alice, cost: 4, now: 8 * Self.second) == .admitted)
        #expect(buckets.tokens(of: alice) == 0)
    }

    @Test("a cost above the burst is charged as the burst, so it can pass on a full bucket")
    func costCap() {
        let budget = RenderBudget(rate: 1, burst: 16)
        var buckets = ClientBuckets(budget: budget, capacity: 8)
        #expect(budget.cost(pixels: 1024 * 1024) == 16)
        #expect(buckets.charge(alice, cost: budget.cost(pixels: 1024 * 1024), now: 0) == .admitted)
        #expect(buckets.charge(alice, cost: 1, now: 0) == .refused(retryAfter: 1))
    }

    @Test("a render costs one token per 128 × 128 pixels started, at least one", arguments: [
        (0, 1), (16 * 16, 1), (128 * 128, 1), (128 * 128 + 1, 2), (256 * 256, 4), (1024 * 1024, 64), (4096 * 4096, 100),
    ])
    func cost(pixels: Int, tokens: Int) {
        #expect(RenderBudget(rate: 25, burst: 100).cost(pixels: pixels) == tokens)
    }

    @Test("the default burst is four seconds of the rate, at least 10")
    func defaultBurst() {
        #expect(RenderBudget.defaultBurst(rate: 1) == 10)
        #expect(RenderBudget.defaultBurst(rate: 2.6) == 11)
        #expect(RenderBudget.defaultBurst(rate: 50) == 200)
    }

    @Test("one client's spending leaves another's bucket alone")
    func clientsAreSeparate() {
        var buckets = ClientBuckets(budget: RenderBudget(rate: 1, burst: 10), capacity: 8)
        _ = buckets.charge(alice, cost: 10, now: 0)
        #expect(buckets.charge(alice, cost: 1, now: 0) != .admitted)
        #expect(buckets.charge(bob, cost: 10, now: 0) == .admitted)
    }

    @Test("a full table forgets the least recently seen client first")
    func evictionOrder() {
        var buckets = ClientBuckets(budget: RenderBudget(rate: 1, burst: 10), capacity: 3)
        let keys = (1...4).map { ClientKey(high: 0, low: UInt64($0)) }
        for key in keys.prefix(3) { _ = buckets.charge(key, cost: 10, now: 0) }
        // Seeing the first again makes the second the least recent.
        _ = buckets.charge(keys[0], cost: 1, now: 0)
        #expect(buckets.clientsByRecency == [keys[0], keys[2], keys[1]])
        _ = buckets.charge(keys[3], cost: 1, now: 0)
        #expect(buckets.count == 3)
        #expect(buckets.clientsByRecency == [keys[3], keys[0], keys[2]])
        #expect(buckets.tokens(of: keys[1]) == nil)
        // Still-remembered clients keep their empty buckets; the forgotten one starts over full.
        #expect(buckets.charge(keys[2], cost: 1, now: 0) != .admitted)
        // Order now [2, 3, 0]: the returning client takes the slot of 0.
        #expect(buckets.charge(keys[1], cost: 10, now: 0) == .admitted)
        #expect(buckets.clientsByRecency == [keys[1], keys[2], keys[3]])
    }

    @Test("a table of one keeps working as clients replace each other")
    func capacityOne() {
        var buckets = ClientBuckets(budget: RenderBudget(rate: 1, burst: 10), capacity: 1)
        for round in 0..<100 {
            let key = ClientKey(high: UInt64(round % 3), low: 0)
            #expect(buckets.charge(key, cost: 10, now: 0) == .admitted)
            #expect(buckets.count == 1)
        }
        #expect(buckets.clientsByRecency == [ClientKey(high: 0, low: 0)])
    }

    @Test("a shared table counts refusals and tracked clients")
    func sharedTable() {
        let table = ClientBudgetTable(budget: RenderBudget(rate: 1, burst: 10), capacity: 2)
        #expect(table.charge(alice, pixels: 1024 * 1024, now: 0) == .admitted)
        #expect(table.charge(alice, pixels: 64 * 64, now: 0) == .refused(retryAfter: 1))
        #expect(table.charge(bob, pixels: 64 * 64, now: 0) == .admitted)
        #expect(table.charge(ClientKey(high: 1, low: 1), pixels: 64 * 64, now: 0) == .admitted)
        #expect(table.refused == 1)
        #expect(table.clientsTracked == 2)
        // Tokens given directly are capped at the burst like pixel costs.
        #expect(table.charge(ClientKey(high: 2, low: 2), tokens: 500, now: 0) == .admitted)
        #expect(table.charge(ClientKey(high: 2, low: 2), tokens: 1, now: 0) == .refused(retryAfter: 1))
    }

    @Test("at 1 token a second, a group of ten 40 MP pictures is refused before its second decode")
    func groupOfLargePictures() {
        let budget = RenderBudget(rate: 1, burst: RenderBudget.defaultBurst(rate: 1))
        var buckets = ClientBuckets(budget: budget, capacity: 4)
        let client = ClientKey(high: 0, low: 1)
        let row = CostModel.render(width: 64 * 5, height: 64, faceSide: 64, faces: 10, masked: false, format: .png, pictures: 10)
        #expect(buckets.charge(client, cost: row.tokens, now: 0) == .admitted)
        let picture = CostModel.picture(sourcePixels: 40_000_000, sourceBytes: 40_000, fetched: true, decodeBytes: 160_000_000)
        var decoded = 0
        for _ in 0..<10 {
            guard buckets.charge(client, cost: picture.tokens, now: 0) == .admitted else { break }
            decoded += 1
        }
        #expect(decoded == 0)
    }
}
