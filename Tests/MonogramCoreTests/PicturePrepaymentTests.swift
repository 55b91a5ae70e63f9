import MonogramCore
import Testing

/// Pictures are paid for before they are fetched (issue 21): a fetch's worth each up front,
/// then the real cost, once the header is known, less what was prepaid.
@Suite("picture prepayment")
struct PicturePrepaymentTests {
    @Test("a picture to fetch prepays a fetch's tokens, a cached one 1")
    func estimates() {
        #expect(CostModel.prepaidTokens(cached: false) == 4)
        #expect(CostModel.prepaidTokens(cached: true) == 1)
        #expect(CostModel.picture(sourcePixels: 0, sourceBytes: 0, fetched: true, decodeBytes: 0).tokens == CostModel.prepaidTokens(cached: false))
    }

    @Test("real costs draw on the credit first; only the rest is charged, and nothing is refunded")
    func refine() {
        var prepayment = PicturePrepayment(admitted: 2, prepaid: 40, burst: 100)
        #expect(prepayment.credit == 40)
        #expect(prepayment.owed(5) == 0)
        #expect(prepayment.credit == 35)
        #expect(prepayment.owed(30) == 0)
        #expect(prepayment.owed(10) == 5, "the credit runs out: the rest is owed")
        #expect(prepayment.owed(200) == 200, "after the first rest, whole costs")
        #expect(prepayment.credit == 0)
    }

    @Test("admission capped at the burst: the credit is what it took, and the first rest fits what the burst leaves")
    func capped() {
        // 1 + 40 asked, 10 taken: 9 of credit.
        var full = PicturePrepayment(admitted: 1, prepaid: 40, burst: 10)
        #expect(full.credit == 9)
        #expect(full.owed(1287) == 1, "nothing left in the burst: at least 1, so a second large picture is refused")
        var roomy = PicturePrepayment(admitted: 4, prepaid: 4, burst: 1400)
        #expect(roomy.owed(1287) == 1283)
        var small = PicturePrepayment(admitted: 4, prepaid: 4, burst: 10)
        #expect(small.owed(1287) == 2, "a single large picture on a full bucket still passes")
    }
}
