import MonogramCore
import MonogramHTTP

/// What `POST /purge` and a directory reload need (API §9): who may purge, the answer cache to
/// drop answers from, and the edges to tell.
struct PurgeRoute: Sendable {
    /// Verifies `/purge?sig=…` with `security.signing_keys`; nil when there is no key.
    let signer: URLSigner?
    /// `cache.purge_from`.
    let allowed: TrustedProxies
    /// `server.trusted_proxies`: the client behind a proxy is who is checked.
    let proxies: TrustedProxies
    let cache: AnswerCache
    let edges: EdgePurger
    /// Past this many people, a purge drops everything (here and at the edges) instead: a
    /// wholesale directory change is cheaper to answer afresh than to look up tag by tag.
    static let wholesale = 20_000

    init(configuration: Configuration, cache: AnswerCache, logger: Logger) {
        let keys = configuration.security.signingKeys
        self.signer = keys.isEmpty ? nil : URLSigner(keys: keys)
        self.allowed = TrustedProxies(configuration.cache.purgeFrom)
        self.proxies = TrustedProxies(configuration.server.trustedProxies)
        self.cache = cache
        self.edges = EdgePurger(urls: configuration.cache.purgeURLs, log: { logger.warning($0) })
    }

    /// Whether this request may purge: a valid signature of its target whose `body=` is its
    /// body's digest (`PurgeSignature`), else a client address in `cache.purge_from`; if not,
    /// the 403's reason.
    ///
    /// A request that says it was forwarded for someone (`X-Forwarded-For` or `Forwarded`) by
    /// a peer that is not in `server.trusted_proxies` came through a proxy we do not know, so
    /// the peer's address says nothing about who sent it: Varnish or nginx on the same host,
    /// not listed as trusted, would otherwise make every client of the edge a loopback client,
    /// inside the default `purge_from`. Such a request needs a signature.
    func authorise(_ request: HTTPRequestHead, peer: String) -> Result<Void, PurgeRefusal> {
        var refusal = PurgeRefusal.unauthorised
        if let signer, case .success(let signatureBytes) = signer.verify(request.target) {
            let signed = Substring(request.target.utf8.dropLast(signatureBytes))
            guard let problem = PurgeSignature.check(signed: signed, body: request.body) else { return .success(()) }
            refusal = .body(problem)
        }
        let forwardedFor = request.headers(HeaderName.forwardedFor), forwarded = request.headers(HeaderName.forwarded)
        if !(forwardedFor.isEmpty && forwarded.isEmpty), !proxies.contains(peer) { return .failure(refusal) }
        // A hop that is not an address makes the budget charge the proxy itself; for a purge
        // that would be the proxy's own (often loopback) address: refused instead.
        let resolved = proxies.resolve(peer: peer, forwardedFor: forwardedFor, forwarded: forwarded)
        return resolved.unparsable == nil && allowed.contains(resolved.client) ? .success(()) : .failure(refusal)
    }

    /// Drops the answers of `request` here; how many. Edges are told too when `forward`.
    func purge(_ request: PurgeRequest, forward: Bool) -> Int {
        let all = request.all || request.people.count > PurgeRoute.wholesale
        let dropped = cache.purge(all: all, people: all ? [] : request.people)
        if forward { edges.purge(all ? [CacheTag.all] : request.people.map(CacheTag.text)) }
        return dropped
    }
}
