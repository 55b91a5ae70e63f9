import Dispatch
import MonogramSync

/// One request's wait for a picture: answered exactly once, by whichever comes first — the
/// load finishing, or its deadline (measured from the request's arrival) passing, when it gets
/// `.timeout` and so its fallback. A job that finds every one of its loads answered is not run.
final class PendingLoad: Sendable {
    let pixelSize: Int
    let deadline: ContinuousClock.Instant
    /// Charges the fetch and decode to the requesting client (nil: not charged).
    let charge: PictureService.Charge?
    private let completion: Locked<PictureService.Completion?>

    init(pixelSize: Int, deadline: ContinuousClock.Instant, charge: PictureService.Charge? = nil, completion: @escaping PictureService.Completion) {
        self.pixelSize = pixelSize
        self.deadline = deadline
        self.charge = charge
        self.completion = Locked(completion)
    }

    /// Still waiting, and still in time.
    var isLive: Bool { ContinuousClock.now < deadline && completion.withLock { $0 != nil } }

    /// Calls the completion unless it was called already; true when this call did it.
    @discardableResult
    func finish(_ load: PictureLoad) -> Bool {
        guard let completion = claim() else { return false }
        completion(load)
        return true
    }

    /// The completion, taken so that nobody else calls it; nil when it was taken already.
    private func claim() -> PictureService.Completion? {
        completion.withLock { value in defer { value = nil }; return value }
    }

    /// Answers with a timeout at the deadline unless answered before. The timer holds the load
    /// weakly, so an answered load is freed at once, not at its deadline.
    func arm(onExpiry expired: @escaping @Sendable () -> Void) {
        let remaining = ContinuousClock.now.duration(to: deadline)
        let (seconds, attoseconds) = remaining.components
        let nanoseconds = max(0, Int(min(seconds, 86_400)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
            // Counted before the answer goes out, so whoever sees the timeout also sees it in
            // the counters (`/metrics`).
            guard let self, let completion = claim() else { return }
            expired()
            completion(PictureLoad(result: .failure(.timeout), ttl: 0, digest: nil))
        }
    }
}
