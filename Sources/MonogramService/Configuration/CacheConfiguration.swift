/// `cache`: the rendered-avatar cache, and the shared caches in front of it (API §9).
public struct CacheConfiguration: Sendable, Hashable {
    /// `cache.max_bytes`: total bytes of rendered images kept. Default 67108864 (64 MiB).
    public var maxBytes: Int = 67_108_864
    /// `cache.tag_header`: the header that carries an image answer's cache tags. Default
    /// `Surrogate-Key` (Fastly); `Cache-Tag` for Cloudflare, `xkey` for Varnish's xkey module.
    public var tagHeader = CacheConfiguration.defaultTagHeader
    /// `cache.purge_from`: addresses (IPs or CIDRs) that may `POST /purge` without a signature,
    /// compared with the client as `server.trusted_proxies` resolves it. Default loopback only.
    public var purgeFrom: [String] = ["127.0.0.0/8", "::1"]
    /// `cache.purge_urls`: `http://` URLs of edge caches that get `PURGE` with `xkey-purge`
    /// when a directory reload changes people. Default none.
    public var purgeURLs: [String] = []

    public static let defaultTagHeader = "Surrogate-Key"

    public init() {}
}
