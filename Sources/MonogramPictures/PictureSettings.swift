/// Everything picture fetching is configured with (the `pictures` section, API §6).
public struct PictureSettings: Sendable, Hashable {
    public var allowedHosts: [String] = []
    public var maxBytes: Int = 5_242_880
    public var maxPixels: Int = 40_000_000
    /// Seconds.
    public var connectTimeout: Double = 2
    /// Seconds for the whole fetch, redirects included.
    public var totalTimeout: Double = 5
    public var maxRedirects: Int = 3
    public var maxConcurrentFetches: Int = 8
    /// Fetches waiting for a thread, beyond which a request gets its fallback at once.
    public var queueLimit: Int = 256
    /// Bytes of fetched (encoded) pictures kept.
    public var cacheBytes: Int = 33_554_432
    /// Bounds on the lifetime taken from the origin's `Cache-Control`, seconds.
    public var minTTL: Double = 60
    public var maxTTL: Double = 86_400
    /// Seconds a failed fetch is remembered (and not retried).
    public var failureTTL: Double = 300
    public var userAgent: String = "Monogram (avatar service; +https://github.com/)"

    public init() {}
}
