/// `pictures`: fetching a person's picture from `picture=URL` (API §3).
public struct PicturesConfiguration: Sendable, Hashable {
    /// `pictures.allowed_hosts`: hosts pictures may come from, as `host`, `host:port` or
    /// `*.suffix` (any subdomain of suffix), stored lower-cased. Default none: pictures are off.
    public var allowedHosts: [String] = []
    /// `pictures.max_bytes`: largest response body read. Default 5242880 (5 MiB).
    public var maxBytes: Int = 5_242_880
    /// `pictures.max_pixels`: largest decoded width × height. Default 40000000.
    public var maxPixels: Int = 40_000_000
    /// `pictures.decode_memory`: bytes of decoded pixels in flight across all picture threads
    /// (one budget, so max_pixels can stay 40 MP). Default 201326592 (192 MiB).
    public var decodeMemory: Int = 201_326_592
    /// `pictures.max_jpeg_work`: Σ components per scan × pixels a JPEG may cost (the
    /// progressive decoder's CPU, ~0.35 s at the default). Default 2500000000.
    public var maxJPEGWork: Int = 2_500_000_000
    /// `pictures.connect_timeout`: seconds to connect. Default 2.
    public var connectTimeout: Double = 2
    /// `pictures.total_timeout`: seconds for the whole fetch, redirects included. Default 5.
    public var totalTimeout: Double = 5
    /// `pictures.failure_cache_control`: `Cache-Control` when a picture could not be used, short
    /// so the picture is tried again soon. Default `public, max-age=300`.
    public var failureCacheControl: String = "public, max-age=300"
    /// `pictures.cache_bytes`: bytes of fetched and decoded pictures kept. Default 33554432 (32 MiB).
    public var cacheBytes: Int = 33_554_432
    /// `pictures.max_concurrent_fetches`: fetches in flight at once (one thread each). Default 8.
    public var maxConcurrentFetches: Int = 8
    /// `pictures.max_redirects`: redirects followed, each re-checked against the allow-list.
    /// Default 3.
    public var maxRedirects: Int = 3
    /// `pictures.min_ttl`: seconds a fetched picture is kept at least, whatever its origin's
    /// `Cache-Control` says. Default 60.
    public var minTTL: Double = 60
    /// `pictures.max_ttl`: seconds a fetched picture is kept at most. Default 86400.
    public var maxTTL: Double = 86_400
    /// `pictures.failure_ttl`: seconds a failed fetch is remembered before it is tried again.
    /// Default 300.
    public var failureTTL: Double = 300

    public init() {}
}
