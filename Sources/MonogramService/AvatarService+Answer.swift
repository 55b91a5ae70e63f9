import MonogramCore
import MonogramHTTP

extension AvatarService {
    typealias Produce = @Sendable () throws(ServiceError) -> (body: [UInt8], source: String)

    /// Answers a cacheable request: from the cache when the canonical key is there, else by
    /// producing the body once (JSON on the loop thread, images on the render pool) for every
    /// request that asks for the same key meanwhile.
    func answer(
        key: String, rawKey: String, format: OutputFormat, request: HTTPRequestHead, context: HTTPRequestContext, pixels: Int,
        responder: HTTPResponder, produce: @escaping Produce
    ) -> HTTPHandlerResult {
        let ifNoneMatch = request.headers("If-None-Match")
        if let cached = cache.value(forKey: key) {
            aliases.insert(key, forKey: rawKey, cost: CachedAvatar.aliasCost(rawKey: rawKey, key: key))
            return .respond(cached.answer(ifNoneMatch: ifNoneMatch), note: "hit")
        }
        // A miss is work: JSON costs one token (it renders nothing but takes a cache entry).
        if let refusal = chargeBudget(request, context: context, key: key, pixels: format == .json ? 0 : pixels) {
            return .respond(refusal, note: "refused")
        }
        if format == .json {
            switch build(key: key, rawKey: rawKey, format: format, produce: produce) {
            case .success(let cached): return .respond(cached.answer(ifNoneMatch: ifNoneMatch), note: "miss")
            case .failure(let error): return .respond(response(for: error, prefersImage: false), note: "miss")
            }
        }
        guard flights.join(key, Waiter(responder: responder, ifNoneMatch: ifNoneMatch)) else {
            metrics.recordSingleFlightWait()
            return .deferred
        }
        let queued = monotonicNanoseconds()
        let submitted = pool.submit { [self] in
            let waited = Double(monotonicNanoseconds() - queued) / 1e9
            let started = monotonicNanoseconds()
            let outcome = waited > settings.renderTimeout
                ? .failure(.overloaded)
                : build(key: key, rawKey: rawKey, format: format, produce: produce)
            if waited <= settings.renderTimeout { metrics.recordRender(microseconds: Int((monotonicNanoseconds() - started) / 1000)) }
            finish(key, with: outcome)
        }
        if !submitted { finish(key, with: .failure(.overloaded)) }
        return .deferred
    }

    private func build(key: String, rawKey: String, format: OutputFormat, produce: Produce) -> Result<CachedAvatar, ServiceError> {
        do throws(ServiceError) {
            let (body, source) = try produce()
            let cached = responses.avatar(body: body, format: format, canonicalKey: key, source: source)
            cache.insert(cached, forKey: key, cost: cached.cost(key: key))
            aliases.insert(key, forKey: rawKey, cost: CachedAvatar.aliasCost(rawKey: rawKey, key: key))
            return .success(cached)
        } catch {
            return .failure(error)
        }
    }

    private func finish(_ key: String, with outcome: Result<CachedAvatar, ServiceError>) {
        let waiters = flights.finish(key)
        switch outcome {
        case .success(let cached):
            for waiter in waiters { waiter.responder.respond(cached.answer(ifNoneMatch: waiter.ifNoneMatch), note: "miss") }
        case .failure(let error):
            let answer = response(for: error, prefersImage: false)
            for waiter in waiters { waiter.responder.respond(answer, note: "miss") }
        }
    }
}
