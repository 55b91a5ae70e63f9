import MonogramCore
import MonogramHTTP

/// One kind of cacheable answer, as the pipeline needs to see it: its key, where and how it is
/// produced, and what it costs. `/avatar`, `/group` and their picture variants are jobs; so will
/// be `/gravatar/{hash}` (issue 16).
///
/// The pipeline runs `gather` (outside work the answer waits for, e.g. picture loads; by default
/// none) and then `produce` on a render worker, or at once on the loop thread for `.loop` jobs.
protocol AnswerJob: Sendable {
    /// What `gather` hands to `produce`.
    associatedtype Materials: Sendable

    var key: AnswerKey { get }
    var placement: AnswerPlacement { get }
    /// What making this answer costs (`CostModel`), estimated from the request: its tokens are
    /// charged by the pipeline's admission step (never on a hit), its peak is reserved from the
    /// memory budget before `produce` runs, and an answer that could never be sent is a 400.
    var work: WorkCost { get }
    /// Tokens charged with `work` for the pictures `gather` will load, before any is fetched
    /// (`CostModel.prepaidTokens` each); their real cost draws on them (`PicturePrepayment`).
    var prepaidPictureTokens: Int { get }
    /// How long `gather` may take; the render deadline is the request's arrival plus this plus
    /// `render.timeout`.
    var gatherBudget: Duration { get }
    /// Calls `done` exactly once, on any thread, by `deadline` (past it, with what a job draws
    /// in the materials' place: the initials for a picture). Work learnt while gathering (a
    /// picture's pixels) is charged to the request's client through `charge`.
    func gather(until deadline: ContinuousClock.Instant, charge: WorkCharge, _ done: @escaping @Sendable (Materials) -> Void)
    /// The answer, on a render worker (or the loop thread for `.loop` jobs); `deadline` is the
    /// request's render deadline (arrival + gather budget + `render.timeout`), which bounds any
    /// wait inside, e.g. for render memory other workers hold.
    func produce(_ materials: Materials, until deadline: ContinuousClock.Instant) throws(ServiceError) -> Produced
    /// Materials available without gathering (what a `.loop` job is produced from); nil when
    /// they must be gathered.
    static var immediate: Materials? { get }
    /// What to produce from when `gather` has not called back by its deadline (for pictures:
    /// none, so the initials are drawn). The pipeline then goes on with these, so an answer
    /// never waits on outside work longer than the gather budget; nil for jobs that gather
    /// nothing.
    var lateMaterials: Materials? { get }
    /// Whether the raw request target may be remembered as an alias of `key` (so a repeat skips
    /// routing). False for answers that depend on more than the target (a `/gravatar` hash's
    /// directory entry, which a reload can change).
    var remembersTarget: Bool { get }
    /// The person tags of who is drawn (API §9: `CacheTag.person` of each face's colour key),
    /// for the tag header and purges. Read on the thread that produces the answer.
    var tags: [UInt64] { get }
}

extension AnswerJob {
    /// No pictures to load.
    var prepaidPictureTokens: Int { 0 }
    static var immediate: Materials? { nil }
    var lateMaterials: Materials? { nil }
    var remembersTarget: Bool { true }
    /// No person (tests' jobs); every route's job names its faces' tags.
    var tags: [UInt64] { [] }
}

extension AnswerJob where Materials == Void {
    static var immediate: Void? { () }
    var gatherBudget: Duration { .zero }

    func gather(until deadline: ContinuousClock.Instant, charge: WorkCharge, _ done: @escaping @Sendable (()) -> Void) {
        done(())
    }
}

enum AnswerPlacement: Sendable {
    /// Cheap enough for the event loop (JSON): no single flight, no queue.
    case loop
    /// On the render pool, one flight per key, within the deadline.
    case pool
}

extension Shape {
    /// Mask shapes hold a masked surface and the scaled mask besides the drawing.
    var isMask: Bool {
        if case .mask = self { return true }
        return false
    }
}

/// What a job made: an image (or JSON) the pipeline wraps in the §4 headers, or a finished
/// response; and for how long it may be kept.
struct Produced: Sendable {
    enum Content: Sendable {
        case image(body: [UInt8], format: OutputFormat, source: AvatarSource, variant: AnswerVariant, cacheControl: String?)
        /// An answer with nothing to revalidate (the `fallback=404` answer).
        case plain(HTTPResponse)
    }

    var content: Content
    /// Nil: valid for ever (drawn from the request alone). Otherwise the picture outcome's
    /// lifetime; zero or less is not kept.
    var lifetime: Duration?

    static func image(
        _ body: [UInt8], format: OutputFormat, source: AvatarSource, variant: AnswerVariant = .plain,
        cacheControl: String? = nil, lifetime: Duration? = nil
    ) -> Produced {
        Produced(content: .image(body: body, format: format, source: source, variant: variant, cacheControl: cacheControl), lifetime: lifetime)
    }
}

/// `X-Avatar-Source`: what the image shows.
enum AvatarSource: String, Sendable {
    case initials
    case placeholder
    case picture
}
