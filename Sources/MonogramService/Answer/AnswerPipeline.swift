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
        /// This waiter's own header lines (API §11), set on the shared answer.
        let amendment: AnswerAmendment
        let ifModifiedSince: Int?
        /// How a failure is written for this waiter (API §11: problem details for JSON clients).
        let errorForm: ErrorForm

        init(_ request: AnswerRequest) {
            (responder, ifNoneMatch, amendment, ifModifiedSince) = (request.responder, request.ifNoneMatch, request.amendment, request.ifModifiedSince)
            errorForm = AcceptPreference.errorForm(request.head.header(HeaderName.accept))
        }
    }

    let cache: AnswerCache
    let responses: ResponseFactory
    let errors: ErrorResponses
    let pool: WorkerPool
    let metrics: Metrics
    /// How long a render may wait for a worker, counted after the job's gather budget.
    let renderTimeout: Duration
    let admission: any AnswerAdmission
    /// The process-wide work memory (`limits.work_memory`): every job reserves its peak here
    /// before it is produced, and its answer's bytes stay reserved until written.
    let memory: MemoryBudget
    /// `limits.max_answer_bytes`: a job whose answer could be larger is a 400 before any work.
    let maxAnswerBytes: Int
    let flights = SingleFlight<AnswerKey, Waiter>()
    private let clock = ContinuousClock()

    init(
        cache: AnswerCache, responses: ResponseFactory, errors: ErrorResponses, pool: WorkerPool, metrics: Metrics,
        renderTimeout: Duration, admission: any AnswerAdmission = AdmitAll(),
        memory: MemoryBudget = MemoryBudget(capacity: Int.max / 2), maxAnswerBytes: Int = Int.max
    ) {
        self.cache = cache
        self.responses = responses
        self.errors = errors
        self.pool = pool
        self.metrics = metrics
        self.renderTimeout = renderTimeout
        self.admission = admission
        self.memory = memory
        self.maxAnswerBytes = maxAnswerBytes
    }

    /// `answer`, charged to `budget` instead of the pipeline's admission (`/gravatar` under
    /// `security.require_signature`, which has its own default budget).
    func answer<Job: AnswerJob>(_ job: Job, for request: AnswerRequest, admission budget: (any AnswerAdmission)?) -> HTTPHandlerResult {
        answer(job, for: request, charging: budget ?? admission)
    }

    func answer<Job: AnswerJob>(_ job: Job, for request: AnswerRequest) -> HTTPHandlerResult {
        answer(job, for: request, charging: admission)
    }

    private func answer<Job: AnswerJob>(_ job: Job, for request: AnswerRequest, charging admission: any AnswerAdmission) -> HTTPHandlerResult {
        // A request whose answer carries lines of its own is never remembered by its target:
        // the hit path would serve it without them (or serve an expired `exp` at all).
        let remembers = job.remembersTarget && request.amendment.isEmpty
        if let (stored, handle) = cache.lookup(job.key) {
            if remembers { cache.remember(request.target, as: job.key, at: handle) }
            return hit(request.amendment.apply(to: stored.answer(ifNoneMatch: request.ifNoneMatch, ifModifiedSince: request.ifModifiedSince)))
        }
        // Joining work already in flight costs nothing more, so it is not charged.
        if job.placement == .pool, flights.joinExisting(job.key, Waiter(request)) {
            metrics.recordSingleFlightWait()
            return .deferred
        }
        let work = job.work
        if job.placement == .pool, let tooLarge = neverFits(work) {
            let form = AcceptPreference.errorForm(request.head.header(HeaderName.accept))
            return .respond(errors.response(for: tooLarge, form: form), .refused)
        }
        // The pictures' estimate too, before any of them is fetched (`PicturePrepayment`).
        let prepaid = job.prepaidPictureTokens
        let (refusal, rateLimit, lane) = admission.admitLaned(cost: work.tokens + prepaid, request: request)
        if let refusal {
            let form = AcceptPreference.errorForm(request.head.header(HeaderName.accept))
            return .respond(errors.response(for: refusal, form: form).amended(setting: rateLimit), .refused)
        }
        // Charged: the answer says where this client's budget stands (API §11).
        let request = { var charged = request; charged.amendment.fields += rateLimit; return charged }()
        let waiter = Waiter(request)
        if job.placement == .loop, let materials = Job.immediate {
            let answer = finished(build(job, materials, target: remembers ? request.target : nil, until: request.arrival + renderTimeout))
            let form = AcceptPreference.errorForm(request.head.header(HeaderName.accept))
            return .respond(request.amendment.apply(to: answer(request.ifNoneMatch, request.ifModifiedSince, form)), .miss)
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
            let renderJob: WorkerPool.Job = { [self] in
                guard clock.now <= renderDeadline else {
                    finish(job.key, with: .failure(.overloaded))
                    return
                }
                // The whole peak, before anything is allocated; waiting for others to give
                // theirs back at most until the deadline from arrival (then 503).
                let reservation: MemoryReservation
                do throws(MemoryBudget.Refusal) {
                    reservation = try memory.reserve(work.peakBytes, until: renderDeadline)
                } catch {
                    finish(job.key, with: .failure(.overloaded))
                    return
                }
                let started = clock.now
                let outcome = build(job, materials, target: remembers ? request.target : nil, until: renderDeadline)
                metrics.recordRender(clock.now - started)
                // What is left to hold is the answer itself, until every waiter's connection
                // has written it.
                let body = (try? outcome.get())?.response.body.count ?? 0
                reservation.shrink(to: body)
                finish(job.key, with: outcome, holding: body > 0 ? reservation : nil)
            }
            // Queued behind its own network's renders, not every network's (fair by lane).
            let queued = pool.submit(renderJob, lane: lane)
            if !queued { finish(job.key, with: .failure(.overloaded)) }
        }
        if let late = job.lateMaterials {
            let wait = max(.zero, clock.now.duration(to: gatherDeadline))
            let (seconds, attoseconds) = wait.components
            let nanoseconds = Int(clamping: seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { render(late) }
        }
        job.gather(until: gatherDeadline, charge: admission.charge(for: request, admitted: work.tokens, prepaid: prepaid), render)
        return .deferred
    }

    /// A cached answer on its way to a connection. A large one takes its bytes from the work
    /// memory until written, like an answer just made: the cache may evict it while a slow
    /// reader still holds it, and then only this reservation counts it. Taken without waiting
    /// (this is the event loop); when the budget is full, 503. Small answers are shared with
    /// the cache as they are (the hit path allocates nothing).
    func hit(_ response: HTTPResponse) -> HTTPHandlerResult {
        guard response.body.count >= AnswerPipeline.reservedHitBytes else { return .respond(response, .hit) }
        guard let reservation = memory.tryReserve(response.body.count) else {
            metrics.recordOverloadRefusals(1)
            return .respond(errors.response(for: .overloaded), .refused)
        }
        return .respond(HTTPResponse(sharing: response, holding: reservation), .hit)
    }

    /// Cached answers this large or larger are reserved while written.
    static let reservedHitBytes = 65_536

    /// The 400 for an answer that could never be made or sent here, whatever the load.
    private func neverFits(_ work: WorkCost) -> ServiceError? {
        let problem: String
        if work.outputBytes > maxAnswerBytes {
            problem = "this answer could be \(MemoryPlan.mebibytes(work.outputBytes)), more than this server sends "
                + "(limits.max_answer_bytes \(MemoryPlan.mebibytes(maxAnswerBytes)))"
        } else if work.peakBytes > memory.capacity {
            problem = "drawing this answer needs \(MemoryPlan.mebibytes(work.peakBytes)) of memory, more than this server has "
                + "for all requests (limits.work_memory \(MemoryPlan.mebibytes(memory.capacity)))"
        } else {
            return nil
        }
        return .badParameter(OptionsError(parameter: "size", message: problem + "; ask for a smaller size or dpr, or format webp (up to 2048 × 2048 pixels)"))
    }

    /// Produces, wraps in the §4 headers, and stores (before the flight ends, so a request
    /// arriving after `finish` finds it in the cache instead of starting a second render).
    /// `target`: the raw target to remember as an alias of the key, nil for none.
    private func build<Job: AnswerJob>(_ job: Job, _ materials: Job.Materials, target: String?, until deadline: ContinuousClock.Instant) -> Result<StoredAnswer, ServiceError> {
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
            cache.store(stored, for: job.key, target: target)
        }
        return .success(stored)
    }

    /// Ends the flight: every waiter gets the answer (or its revalidation), or the error. A
    /// full answer carries `reservation` (its bytes in the memory budget) to the connection.
    private func finish(_ key: AnswerKey, with outcome: Result<StoredAnswer, ServiceError>, holding reservation: MemoryReservation? = nil) {
        let waiters = flights.finish(key)
        if case .failure(.overloaded) = outcome { metrics.recordOverloadRefusals(waiters.count) }
        let answer = finished(outcome)
        for waiter in waiters {
            let response = waiter.amendment.apply(to: answer(waiter.ifNoneMatch, waiter.ifModifiedSince, waiter.errorForm))
            if let reservation, !response.body.isEmpty {
                waiter.responder.respond(HTTPResponse(sharing: response, holding: reservation), .miss)
            } else {
                waiter.responder.respond(response, .miss)
            }
        }
    }

    /// The reply for each waiter's `If-None-Match`; an error's response is built once.
    /// The failures of the work itself (overload, an internal error) are never placeholder images;
    /// their text line and problem details are each built once (an internal error logged once).
    private func finished(_ outcome: Result<StoredAnswer, ServiceError>) -> ([Substring], Int?, ErrorForm) -> HTTPResponse {
        switch outcome {
        case .success(let stored): return { inm, ims, _ in stored.answer(ifNoneMatch: inm, ifModifiedSince: ims) }
        case .failure(let error):
            let text = errors.response(for: error)
            let problem = ErrorResponses.problem(errors.headers, error.parts)
            return { _, _, form in form == .problem ? problem : text }
        }
    }
}
