public import MonogramCore
public import MonogramPictures

/// What the request pipeline needs from the configuration, already converted to core types.
public struct ServiceSettings: Sendable {
    public enum LogFormat: String, Sendable { case text, json }

    public var limits: OptionLimits
    public var resolver: AvatarResolver
    public var cacheBytes: Int
    public var cacheControl: String
    public var corsOrigin: String
    public var renderWorkers: Int
    public var renderQueue: Int
    /// Seconds a render may wait in the queue before it is answered with 503.
    public var renderTimeout: Double
    public var accessLog: Bool
    public var logFormat: LogFormat
    /// Part of every ETag: a new release may draw different bytes.
    public var release: String
    /// Peers whose `X-Forwarded-For`/`Forwarded` names the client in the access log.
    public var trustedProxies = TrustedProxies([])
    /// False when `metrics.port` moves `/metrics` to the admin port (the main port then 404s).
    public var metricsOnMainPort = true
    /// Fetching `picture=` URLs (the `pictures` section).
    public var pictures = PictureSettings()
    /// `Cache-Control` of an answer drawn without its picture (`pictures.failure_cache_control`).
    public var pictureFailureCacheControl = "public, max-age=300"
    /// The per-client render budget (`limits`); nil when `client_renders_per_second` is 0.
    public var clientBudget: ClientBudgetSettings?
    /// Signs and verifies `sig` (`security.signing_keys`).
    public var signer = URLSigner(keys: [])
    /// `/avatar` and `/group` need a valid `sig` (`security.require_signature`).
    public var requireSignature = false

    public init(
        limits: OptionLimits, resolver: AvatarResolver, cacheBytes: Int, cacheControl: String, corsOrigin: String,
        renderWorkers: Int, renderQueue: Int, renderTimeout: Double, accessLog: Bool, logFormat: LogFormat,
        release: String = MonogramRelease.version
    ) {
        self.limits = limits
        self.resolver = resolver
        self.cacheBytes = cacheBytes
        self.cacheControl = cacheControl
        self.corsOrigin = corsOrigin
        self.renderWorkers = renderWorkers
        self.renderQueue = renderQueue
        self.renderTimeout = renderTimeout
        self.accessLog = accessLog
        self.logFormat = logFormat
        self.release = release
    }
}

public enum MonogramRelease {
    public static let version = "0.1.0"
}
