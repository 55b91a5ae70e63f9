/// `cache`: the rendered-avatar cache.
public struct CacheConfiguration: Sendable, Hashable {
    /// `cache.max_bytes`: total bytes of rendered images kept. Default 67108864 (64 MiB).
    public var maxBytes: Int = 67_108_864
    /// `cache.max_entry_bytes`: the largest answer kept; larger ones are served but not cached,
    /// so one big answer cannot evict thousands of small ones. Default (nil) 1/16 of `max_bytes`.
    public var maxEntryBytes: Int?

    /// The entry bound in force.
    public var effectiveMaxEntryBytes: Int { maxEntryBytes ?? maxBytes / 16 }

    public init() {}
}
