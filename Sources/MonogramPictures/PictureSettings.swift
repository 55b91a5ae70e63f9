/// Everything picture fetching is configured with (the `pictures` section, API §6).
public struct PictureSettings: Sendable, Hashable {
    public var allowedHosts: [String] = []
    public var maxBytes: Int = 5_242_880
    /// 40 MP stays safe because decode memory is one global budget (`decodeMemory`): a 40 MP
    /// PNG (160 MB decoded) is decoded alone, others wait for it within their deadline.
    public var maxPixels: Int = 40_000_000
    /// Bytes of decoded pixels in flight across every picture thread (`pictures.decode_memory`).
    public var decodeMemory: Int = 201_326_592
    /// Σ components per scan × pixels a JPEG may cost to decode (`pictures.max_jpeg_work`).
    public var maxJPEGWork: Int = 2_500_000_000
    /// Seconds.
    public var connectTimeout: Double = 2
    /// Seconds for the whole fetch, redirects included; also the bound on a load's answer from
    /// the request's arrival (queue and decode included) when the caller gives no deadline.
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
