import MonogramCore
import MonogramGravatar
public import MonogramHTTP
import MonogramPictures
public import MonogramRender

/// The application as the HTTP server sees it: routes each request, answers cache hits on the
/// loop thread, and hands every other cacheable request to the one `AnswerPipeline` as a job.
/// Counting responses for `/metrics` and formatting access lines happen here, once per
/// written response, in two separate collaborators.
public final class AvatarService: HTTPHandler {
    /// The answering machinery: cache, single flight, render pool, deadline, error mapping.
    let pipeline: AnswerPipeline
    /// Builds jobs from parsed requests.
    let jobs: JobFactory
    /// Answers built once at start-up: `/healthz`, `/`, the placeholder, errors.
    let fixed: FixedAnswers
    /// Nil when `log.access` is off.
    let accessLog: AccessLog?
    /// Verifies `sig` before routing (API §8); nil unless `security.require_signature`.
    let signer: URLSigner?
    /// `/gravatar`'s own budget while signatures are required and the client budget is off.
    let gravatarAdmission: ClientBudgetAdmission?
    /// What `GET /metrics` reports; shared with the admin port.
    public let metrics: Metrics
    /// `POST /purge` and reload purges (API §9).
    let purging: PurgeRoute
    /// Unix time, for signed URLs' `exp` (API §11).
    let wallClock: WallClock
    /// `http.strict_parameters` (API §11).
    let strictParameters: Bool
    /// `gravatar.avatar_path` (API §11).
    let gravatarAvatarPath: Bool

    /// `wallClock`: what `exp` is compared with (tests set it by hand).
    public init(configuration: Configuration, renderer: Renderer, logger: Logger, wallClock: WallClock = .system) throws(RenderError) {
        self.wallClock = wallClock
        self.strictParameters = configuration.http.strictParameters
        self.gravatarAvatarPath = configuration.gravatar.avatarPath
        let metrics = Metrics()
        let headers = CommonHeaders(corsOrigin: configuration.http.corsOrigin)
        let jobs = JobFactory(configuration: configuration, renderer: renderer, headers: headers, logger: logger)
        let placeholder = jobs.resolver.resolve(name: "", options: AvatarOptions())
        let errors = ErrorResponses(headers: headers, placeholderPNG: try renderer.render(placeholder.spec, format: .png), logger: logger)
        let pool = WorkerPool(name: "render", threads: configuration.render.workerCount, queueLimit: configuration.render.queue)
        let cache = AnswerCache(maxBytes: configuration.cache.maxBytes, maxEntryBytes: configuration.cache.effectiveMaxEntryBytes)
        let budget = ClientBudgetAdmission(limits: configuration.limits, trustedProxies: configuration.server.trustedProxies, logger: logger)
        self.pipeline = AnswerPipeline(
            cache: cache,
            responses: ResponseFactory(
                cacheControl: configuration.http.cacheControl, release: MonogramRelease.version, headers: headers,
                tagHeader: configuration.cache.tagHeader, robots: configuration.http.robots),
            errors: errors, pool: pool, metrics: metrics, renderTimeout: configuration.render.timeout,
            admission: budget ?? AdmitAll(), memory: jobs.memory, maxAnswerBytes: configuration.limits.maxAnswerBytes)
        // `/gravatar` cannot be signed: with signatures required and no client budget, it keeps
        // a budget of its own, so unsigned renders and fetches are never free.
        let limits = configuration.limits
        self.gravatarAdmission = configuration.security.requireSignature && budget == nil && limits.unsignedRendersPerSecond > 0
            ? ClientBudgetAdmission(
                rate: limits.unsignedRendersPerSecond, burst: RenderBudget.defaultBurst(rate: limits.unsignedRendersPerSecond),
                limits: limits, trustedProxies: configuration.server.trustedProxies, policy: "unsigned")
            : nil
        self.jobs = jobs
        self.signer = configuration.security.requireSignature ? URLSigner(keys: configuration.security.signingKeys) : nil
        self.fixed = FixedAnswers(headers: headers, errors: errors, limits: jobs.limits, metricsOnMainPort: configuration.metrics.port == 0)
        self.accessLog = configuration.log.access
            ? AccessLog(format: configuration.log.format, trustedProxies: TrustedProxies(configuration.server.trustedProxies), clock: logger.clock)
            : nil
        self.metrics = metrics
        self.purging = PurgeRoute(configuration: configuration, cache: cache, logger: logger)
        metrics.register(cache: cache.answers, name: "images")
        metrics.register(cache: cache.aliases, name: "aliases")
        if let budget { metrics.attach(budget: budget.table) }
        metrics.attach(renderQueueDepth: { [pool] in pool.depth })
        metrics.attach(workMemory: jobs.memory)
        metrics.attach(memoryBound: configuration.memoryBoundBytes)
        metrics.attach(pictureFetches: { [counters = jobs.pictures.counters] in
            counters.snapshot().map { (outcome: $0.outcome.description, count: $0.count) }
        })
    }

    /// Ends the render workers after the queued renders (called once the server has drained).
    public func stop() {
        pipeline.pool.stop()
    }

    public func handle(_ request: HTTPRequestHead, context: HTTPRequestContext, responder: HTTPResponder) -> HTTPHandlerResult {
        guard request.method == .get || request.method == .head else {
            if request.method == .post, Route(path: AvatarService.path(of: request.target)) == .purge {
                return purge(request, peer: context.peer)
            }
            return .respond(fixed.errors.response(for: .methodNotAllowed, form: AcceptPreference.errorForm(request.header(HeaderName.accept))), .none)
        }
        let target = AvatarService.originForm(request.target)
        // Hot path: this exact URL was answered before; no parsing, and no allocation for the
        // usual origin-form target (the parser's string is the key). With signatures required
        // the key is the target exactly as sent, which was only stored once its `sig` had
        // passed: a hit is a URL already verified, and needs no HMAC again.
        let rawKey = request.target.utf8.first == UInt8(ascii: "/") || signer != nil ? request.target : String(target)
        if let cached = pipeline.cache.answer(forTarget: rawKey) {
            return pipeline.hit(cached.answer(ifNoneMatch: request.headers(HeaderName.ifNoneMatch), ifModifiedSince: AvatarService.ifModifiedSince(request)))
        }
        // By bytes: walking the target as Characters (grapheme breaking) to find `?` cost
        // ~15,000 instructions of every miss.
        let pathBytes = target.withUTF8Bytes { $0.firstIndex(of: UInt8(ascii: "?")) ?? $0.count }
        let questionMark = target.utf8.index(target.startIndex, offsetBy: pathBytes)
        var query = questionMark == target.endIndex ? target[questionMark...] : target[target.utf8.index(after: questionMark)...]
        var route = Route(path: target[..<questionMark])
        // Libravatar federation (API §11): a hash under /avatar/ is the /gravatar route, decided
        // before the signature check (/gravatar cannot be signed by the clients that call it).
        if gravatarAvatarPath, case .avatar(let segment) = route, GravatarHash(pathSegment: segment) != nil {
            route = .gravatar(segment: segment)
        }
        var expires: Int?
        if let signer, route.needsSignature, let refusal = checkSignature(request, signer: signer, query: &query, expires: &expires) {
            return .respond(refusal, .refused)
        }
        var answer = AnswerRequest(
            target: rawKey, ifNoneMatch: request.headers(HeaderName.ifNoneMatch), peer: context.peer, head: request,
            arrival: .now, responder: responder)
        answer.amendment.expires = expires
        answer.amendment.clock = wallClock
        answer.ifModifiedSince = AvatarService.ifModifiedSince(request)
        switch route {
        case .health:
            // 503 from SIGTERM on, so load balancers stop sending before the listener closes.
            return .respond(context.draining ? fixed.draining : fixed.healthy, .none)
        case .metrics:
            return .respond(fixed.metricsOnMainPort ? fixed.metrics(metrics) : fixed.errors.response(for: .notFound, form: AcceptPreference.errorForm(request.header(HeaderName.accept))), .none)
        case .playground:
            return .respond(fixed.playground, .none)
        case .purge:
            return .respond(fixed.headers.text(
                .methodNotAllowed, "purge with POST /purge and a body tags=p-…", extra: [(HeaderName.allow, "POST")]), .none)
        case .avatar(let segment):
            return avatar(answer, segment: segment, query: query)
        case .group(let segment):
            return group(answer, segment: segment, query: query)
        case .gravatar(let segment):
            return gravatar(answer, segment: segment, query: query)
        case .notFound:
            return .respond(fixed.errors.response(for: .notFound, form: AcceptPreference.errorForm(request.header(HeaderName.accept))), .none)
        }
    }

    /// Once per written response: counted for `/metrics`, then one access line (or none).
    public func accessLogLine(_ record: HTTPAccessRecord) -> String? {
        metrics.recordResponse(target: record.request?.target, status: record.status, microseconds: record.durationMicroseconds)
        return accessLog?.line(record)
    }

    /// `If-Modified-Since` as Unix seconds: only a GET or HEAD's, only when it is one valid
    /// date (RFC 9110 §13.1.3: otherwise the field is ignored).
    static func ifModifiedSince(_ request: HTTPRequestHead) -> Int? {
        let values = request.headers(HeaderName.ifModifiedSince)
        guard values.count == 1, let value = values.first else { return nil }
        return HTTPDateText.seconds(value)
    }

    /// The path of a target (origin or absolute form), without its query.
    static func path(of target: String) -> Substring {
        let origin = originForm(target)
        return origin[..<(origin.firstIndex(of: "?") ?? origin.endIndex)]
    }

    /// Absolute-form targets (RFC 9112 §3.2.2) are answered like their path.
    static func originForm(_ target: String) -> Substring {
        // The usual origin-form target by its first byte: `hasPrefix` on a Substring compares
        // Characters, ~1,000 instructions of every hit.
        if target.utf8.first == UInt8(ascii: "/") { return Substring(target) }
        let whole = Substring(target)
        guard !whole.hasPrefix("/"), let scheme = whole.firstRange(of: "://") else { return whole }
        let afterAuthority = whole[scheme.upperBound...].drop(while: { $0 != "/" && $0 != "?" })
        return afterAuthority.isEmpty ? "/" : afterAuthority
    }
}
