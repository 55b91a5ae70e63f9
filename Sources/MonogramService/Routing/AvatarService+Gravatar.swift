public import Dispatch
import MonogramCore
import MonogramGravatar
import MonogramHTTP

extension AvatarService {
    /// Loads `gravatar.directory` (if set) and watches its modification time; the caller keeps
    /// the returned sources and cancels them at shutdown.
    public func gravatarDirectory() -> [any DispatchSourceProtocol] {
        let sources = jobs.gravatar.start()
        // After the first load (nothing is cached yet then): each later reload drops the
        // answers of the people it changed, here and at the edges (API §9).
        jobs.gravatar.store?.whenReloaded { [purging, logger = fixed.errors.logger] old, new in
            let keys = new.changedKeys(from: old)
            guard !keys.isEmpty else { return }
            let dropped = purging.purge(PurgeRequest(people: CacheTag.people(keys)), forward: true)
            logger.info("gravatar directory reload: \(keys.count) people changed, \(dropped) cached answers dropped")
        }
        return sources
    }

    /// What SIGHUP does: reloads what can change while running (the `/gravatar` directory, in
    /// the background, the previous one answering until the new one is complete) and says in
    /// one line what was reloaded and that everything else needs a restart.
    public func reload(log: @escaping @Sendable (String) -> Void) {
        guard let store = jobs.gravatar.store else {
            log("SIGHUP: nothing to reload (no gravatar.directory); other configuration changes need a restart")
            return
        }
        log("SIGHUP: reloading gravatar.directory \(store.path); other configuration changes need a restart")
        store.reload()
    }

    /// `/gravatar/{hash}` (API §7): never a 400 — the applications calling it cannot show one.
    /// A malformed hash is a 404; bad parameters mean their defaults.
    /// Unknown parameters are named in `X-Avatar-Ignored` but never refused, whatever
    /// `http.strict_parameters` says (API §7: these clients cannot show a 400).
    func gravatar(_ request: AnswerRequest, segment: Substring, query: Substring) -> HTTPHandlerResult {
        var request = request
        try? noteIgnored(query, known: GravatarQuery.knownParameters, in: &request, strict: false)
        guard let hash = GravatarHash(pathSegment: segment) else {
            return .respond(fixed.errors.response(for: .notFound, form: AcceptPreference.errorForm(request.head.header(HeaderName.accept))), .none)
        }
        let pairs = (try? QueryString.parse(query)) ?? []
        let parameters = GravatarQuery(pairs: pairs, minSize: 16, maxSize: jobs.limits.maxSize)
        let route = jobs.gravatar
        let entry = route.store?.current?.entry(for: hash)
        let plan = GravatarPlan(
            hash: hash, query: parameters, entry: entry, signatureRequired: route.signatureRequired,
            allowsRedirect: route.allowsRedirect)
        switch plan {
        case .notFound:
            return .respond(fixed.errors.response(for: .notFound, form: AcceptPreference.errorForm(request.head.header(HeaderName.accept))), .none)
        case .redirect(let url):
            return .respond(fixed.headers.response(
                AvatarService.found, [(HeaderName.location, url), (HeaderName.cacheControl, route.cacheControl)], body: []), .none)
        case .draw(let drawing):
            let format = parameters.format ?? GravatarHash.format(ofPathSegment: segment)
            let job = jobs.gravatar(hash: hash, drawing: drawing, pixels: parameters.size, format: format, entry: entry)
            return pipeline.answer(job, for: request, admission: gravatarAdmission)
        }
    }

    /// `302 Found` (RFC 9110 §15.4.3): what Gravatar answers for `d=URL`.
    static let found = HTTPStatus(code: 302, reason: "Found")
}
