/// `cache`: the rendered-avatar cache.
public struct CacheConfiguration: Sendable, Hashable {
    /// `cache.max_bytes`: total bytes of rendered images kept. Default 67108864 (64 MiB).
    public var maxBytes: Int = 67_108_864

    public init() {}
}
