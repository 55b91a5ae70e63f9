import Dispatch
import MonogramCore
import MonogramHTTP
import MonogramSync

/// The one way a cacheable answer is made, for every route: cache → admission → single flight
/// → gather (pictures) → bounded render pool with a deadline from the request's arrival →
/// finish (store, then answer every waiter). Deadline, metrics, error mapping, single flight
/// and caching live here and nowhere else; routes only build an `AnswerJob`.
///
/// Past the deadline or with the queue full, every waiter gets 503 with `Retry-After` (a job
/// that gathers pictures has already put the initials in place of a picture that came too late):
/// there is always an answer, never silence.
final class AnswerPipeline: Sendable {
    struct Waiter: Sendable {
        let responder: HTTPResponder
        let ifNoneMatch: [Substring]
    }

    let cache: AnswerCache
    let responses: ResponseFactory
    let errors: ErrorResponses
    let pool: WorkerPool
    let metrics: Metrics
    /// How long a render may wait for a worker, counted after the job's gather budget.
    let renderTimeout: Duration
    let admission: any AnswerAdmission
    let flights = SingleFlight<AnswerKey, Waiter>()
    private let clock = ContinuousClock()

    init(
        cache: AnswerCache, responses: ResponseFactory, errors: ErrorResponses, pool: WorkerPool, metrics: Metrics,
        renderTimeout: Duration, admission: any AnswerAdmission = AdmitAll()
    ) {
        self.cache = cache
        self.responses = responses
        self.errors = errors
        self.pool = pool
        self.metrics = metrics
        self.renderTimeout = renderTimeout
        self.admission = admission
    }

    func answer<Job: AnswerJob>(_ job: Job, for request: AnswerRequest) -> HTTPHandlerResult {
        if let (stored, handle) = cache.lookup(job.key) {
            if job.remembersTarget { cache.remember(request.target, as: job.key, at: handle) }
            return .respond(stored.answer(ifNoneMatch: request.ifNoneMatch), .hit)
        }
        let waiter = Waiter(responder: request.responder, ifNoneMatch: request.ifNoneMatch)
        // Joining work already in flight costs nothing more, so it is not charged.
        if job.placement == .pool, flights.joinExisting(job.key, waiter) {
            metrics.recordSingleFlightWait()
            return .deferred
        }
        if let refusal = admission.admit(cost: job.cost, request: request) {
            let prefersImage = AcceptPreference.prefersImage(request.head.header(HeaderName.accept))
            return .respond(errors.response(for: refusal, prefersImage: prefersImage), .refused)
        }
        if job.placement == .loop, let materials = Job.immediate {
            let answer = finished(build(job, materials, target: request.target, until: request.arrival + renderTimeout))
            return .respond(answer(request.ifNoneMatch), .miss)
        }
        guard flights.join(job.key, waiter) else {
            metrics.recordSingleFlightWait()
            return .deferred
        }
        let gatherDeadline = request.arrival + job.gatherBudget
        let renderDeadline = gatherDeadline + renderTimeout
        // Whichever comes first, the gathered materials or the gather deadline, goes on to the
        // render pool; the other is dropped.
        let handedOn = Locked(false)
        let render: @Sendable (Job.Materials) -> Void = { [self] materials in
            guard handedOn.withLock({ done in defer { done = true }; return !done }) else { return }
            let queued = pool.submit { [self] in
                guard clock.now <= renderDeadline else {
                    finish(job.key, with: .failure(.overloaded))
                    return
                }
                let started = clock.now
                let outcome = build(job, materials, target: request.target, until: renderDeadline)
                metrics.recordRender(clock.now - started)
                finish(job.key, with: outcome)
            }
            if !queued { finish(job.key, with: .failure(.overloaded)) }
        }
        if let late = job.lateMaterials {
            let wait = max(.zero, clock.now.duration(to: gatherDeadline))
            let (seconds, attoseconds) = wait.components
            let nanoseconds = Int(clamping: seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { render(late) }
        }
        job.gather(until: gatherDeadline, render)
        return .deferred
    }

    /// Produces, wraps in the §4 headers, and stores (before the flight ends, so a request
    /// arriving after `finish` finds it in the cache instead of starting a second render).
    private func build<Job: AnswerJob>(_ job: Job, _ materials: Job.Materials, target: String, until deadline: ContinuousClock.Instant) -> Result<StoredAnswer, ServiceError> {
        let produced: Produced
        do throws(ServiceError) {
            produced = try job.produce(materials, until: deadline)
        } catch {
            return .failure(error)
        }
        let expires = produced.lifetime.map { clock.now + $0 }
        let tags = job.tags
        let stored: StoredAnswer
        switch produced.content {
        case let .image(body, format, source, variant, cacheControl):
            stored = responses.image(
                body: body, format: format, key: job.key, variant: variant, source: source, cacheControl: cacheControl, tags: tags
            ).expiring(at: expires)
        case .plain(let response):
            // Not an image (the `fallback=404` answer): no tag header, but filed under its
            // people so a purge drops it too.
            stored = StoredAnswer(response: response, notModified: nil, etag: nil, expires: expires, tags: tags)
        }
        if produced.lifetime.map({ $0 > .zero }) ?? true {
            cache.store(stored, for: job.key, target: job.remembersTarget ? target : nil)
        }
        return .success(stored)
    }

    /// Ends the flight: every waiter gets the answer (or its revalidation), or the error.
    private func finish(_ key: AnswerKey, with outcome: Result<StoredAnswer, ServiceError>) {
        let waiters = flights.finish(key)
        if case .failure(.overloaded) = outcome { metrics.recordOverloadRefusals(waiters.count) }
        let answer = finished(outcome)
        for waiter in waiters { waiter.responder.respond(answer(waiter.ifNoneMatch), .miss) }
    }

    /// The reply for each waiter's `If-None-Match`; an error's response is built once.
    private func finished(_ outcome: Result<StoredAnswer, ServiceError>) -> ([Substring]) -> HTTPResponse {
        switch outcome {
        case .success(let stored): return { stored.answer(ifNoneMatch: $0) }
        case .failure(let error):
            let response = errors.response(for: error)
            return { _ in response }
        }
    }
}
