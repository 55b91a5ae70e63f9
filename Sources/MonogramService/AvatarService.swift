import MonogramCore
public import MonogramHTTP
import MonogramPictures
public import MonogramRender
import Glibc

/// The application: routes requests, answers cache hits on the loop thread, and sends misses
/// to the render pool with one render per key however many ask at once.
public final class AvatarService: HTTPHandler {
    struct Waiter: Sendable {
        let responder: HTTPResponder
        let ifNoneMatch: [Substring]
    }

    let settings: ServiceSettings
    let renderer: Renderer
    let responses: ResponseFactory
    /// Canonical key → encoded avatar; the byte bound of the whole cache.
    let cache: LRUCache<String, CachedAvatar>
    /// Raw request target → canonical key, so a repeated URL skips option parsing entirely.
    let aliases: LRUCache<String, String>
    let pool: WorkerPool
    let flights = SingleFlight<Waiter>()
    let placeholderPNG: [UInt8]
    let logClock = AccessLogClock()
    /// What `GET /metrics` reports; recorded once per response and per render.
    public let metrics = Metrics()
    /// `GET /`, built once: its font and shape lists come from the configuration.
    let playground: HTTPResponse
    /// Fetches `picture=` URLs; see AvatarService+Picture.
    let pictures: PictureService
    /// Answers drawn with (or for want of) a picture: they expire with the picture's lifetime,
    /// so they are kept apart from `cache`, whose entries never expire.
    let pictureAnswers: LRUCache<String, PictureAnswer>

    public init(settings: ServiceSettings, renderer: Renderer) throws(RenderError) {
        self.settings = settings
        self.renderer = renderer
        self.responses = ResponseFactory(cacheControl: settings.cacheControl, corsOrigin: settings.corsOrigin, release: settings.release)
        // One budget, `cache.max_bytes`, for every cache of answers: aliases take 1/32 (they
        // only save parsing), answers drawn from pictures (which expire, so they live apart) a
        // quarter when pictures are enabled, and encoded avatars the rest.
        let aliasShare = settings.cacheBytes / 32
        let pictureShare = settings.pictures.allowedHosts.isEmpty ? 0 : settings.cacheBytes / 4
        self.cache = LRUCache(maxBytes: settings.cacheBytes - aliasShare - pictureShare)
        self.aliases = LRUCache(maxBytes: aliasShare)
        self.pool = WorkerPool(name: "render", threads: settings.renderWorkers, queueLimit: settings.renderQueue)
        self.pictures = PictureService(settings: settings.pictures)
        self.pictureAnswers = LRUCache(maxBytes: pictureShare)
        let placeholder = settings.resolver.resolve(name: "", options: AvatarOptions())
        self.placeholderPNG = try renderer.render(placeholder.spec, format: .png)
        self.playground = PlaygroundPage.response(limits: settings.limits)
        metrics.register(cache: cache, name: "images")
        metrics.register(cache: aliases, name: "aliases")
        metrics.register(cache: pictureAnswers, name: "picture_answers")
        metrics.attach(pictureFetches: { [counters = pictures.counters] in
            counters.snapshot().map { (outcome: $0.outcome.description, count: $0.count) }
        })
    }

    /// Ends the render workers after the queued renders (called once the server has drained).
    public func stop() {
        pool.stop()
    }

    public func handle(_ request: HTTPRequestHead, context: HTTPRequestContext, responder: HTTPResponder) -> HTTPHandlerResult {
        guard request.method == .get || request.method == .head else {
            return .respond(response(for: .methodNotAllowed, prefersImage: false), note: "")
        }
        let target = AvatarService.originForm(request.target)
        // Hot path: this exact URL was answered before; no parsing, and no allocation for the
        // usual origin-form target (the parser's string is the key).
        let rawKey = request.target.utf8.first == UInt8(ascii: "/") ? request.target : String(target)
        if let canonical = aliases.value(forKey: rawKey), let cached = cache.value(forKey: canonical) {
            return .respond(cached.answer(ifNoneMatch: request.headers("If-None-Match")), note: "hit")
        }
        let query = target.drop(while: { $0 != "?" }).dropFirst()
        switch Route(path: target.prefix(while: { $0 != "?" })) {
        case .health:
            // 503 from SIGTERM on, so load balancers stop sending before the listener closes.
            return .respond(context.draining ? AvatarService.drainingHealth : AvatarService.healthy, note: "")
        case .metrics:
            return .respond(settings.metricsOnMainPort ? metricsResponse() : response(for: .notFound, prefersImage: false), note: "")
        case .playground:
            return .respond(playground, note: "")
        case .avatar(let segment):
            return avatar(request, segment: segment, query: query, rawKey: rawKey, responder: responder)
        case .group(let segment):
            return group(request, segment: segment, query: query, rawKey: rawKey, responder: responder)
        case .notFound:
            return .respond(response(for: .notFound, prefersImage: false), note: "")
        }
    }

    static let healthy = HTTPResponse(
        status: .ok, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")], body: Array("ok\n".utf8))

    static let drainingHealth = HTTPResponse.error(.serviceUnavailable, "draining", extraHeaders: [("Retry-After", "1")])

    /// Absolute-form targets (RFC 9112 §3.2.2) are answered like their path.
    static func originForm(_ target: String) -> Substring {
        let whole = Substring(target)
        guard !whole.hasPrefix("/"), let scheme = whole.firstRange(of: "://") else { return whole }
        let afterAuthority = whole[scheme.upperBound...].drop(while: { $0 != "/" && $0 != "?" })
        return afterAuthority.isEmpty ? "/" : afterAuthority
    }

    func logError(_ message: String) {
        let line = "monogram: error: \(message)\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
