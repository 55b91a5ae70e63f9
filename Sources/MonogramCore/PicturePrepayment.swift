/// The picture tokens a request pays before anything is fetched, and how its pictures' real
/// costs are charged against them once their pixels are known.
///
/// A picture's cost is known only from its header, after the fetch: a `/group` of ten
/// distinct pictures was fetched ten times by a client with 1–2 tokens left before the picture
/// charges refused it. So admission charges an estimate per picture up front
/// (`CostModel.prepaidTokens`: a fetch's worth for one not in the picture cache, 1 for one
/// that is) with the render, refusing the whole request before any fetch when the budget
/// lacks them; each picture's real cost then draws on what was prepaid first, and only the
/// rest is charged. What is left over is not refunded (the estimate is a fetch's, which was
/// done).
public struct PicturePrepayment: Sendable, Hashable {
    /// Prepaid tokens not yet drawn on.
    public private(set) var credit: Int
    /// What admission took, render and prepayment together (capped at the burst).
    let taken: Int
    let burst: Int
    var firstRest = true

    /// - Parameters:
    ///   - admitted: the render's tokens; `prepaid`: the pictures' estimate, charged with them
    ///     (`admit` took both, capped at `burst` so every request can pass on a full bucket).
    public init(admitted: Int, prepaid: Int, burst: Int) {
        self.burst = max(1, burst)
        taken = min(max(1, admitted + max(0, prepaid)), self.burst)
        credit = max(0, taken - max(0, admitted))
    }

    /// The tokens still to charge for a picture whose real cost is `tokens`: what the credit
    /// does not cover. The first such rest is at most what the burst leaves after what
    /// admission took (at least 1), so one large picture on a full bucket is still drawn;
    /// every later one is charged whole, so a row of large pictures is refused at its second.
    public mutating func owed(_ tokens: Int) -> Int {
        let covered = min(credit, max(0, tokens))
        credit -= covered
        var rest = max(0, tokens) - covered
        if rest > 0, firstRest {
            firstRest = false
            rest = min(rest, max(1, burst - taken))
        }
        return rest
    }
}

extension CostModel {
    /// The tokens prepaid for one picture before any fetch: a fetch's worth
    /// (`CostTable.fetchNanoseconds`, 4) for one that must be fetched, 1 for one already in the
    /// picture cache. Its decode is charged when its header is read.
    public static func prepaidTokens(cached: Bool) -> Int {
        cached ? 1 : max(1, CostTable.fetchNanoseconds / CostTable.tokenNanoseconds)
    }
}
