public import MonogramPictures

/// `pictures`: fetching a person's picture from `picture=URL` (API §3).
///
/// The fetch limits are the picture service's own `PictureSettings`, held here as they are and
/// handed to it unchanged (defaults written once, there); `configuration.pictures.max…` reads
/// through to them. Only what the answers need lives beside them.
@dynamicMemberLookup
public struct PicturesConfiguration: Sendable, Hashable {
    /// `pictures.allowed_hosts`, `max_bytes`, `max_pixels`, `decode_memory`, `max_jpeg_work`, the timeouts, `cache_bytes`,
    /// `max_concurrent_fetches`, `queue`, `max_redirects` and the TTLs.
    public var fetch: PictureSettings
    /// `pictures.failure_cache_control`: `Cache-Control` when a picture could not be used, short
    /// so the picture is tried again soon. Default `public, max-age=300`.
    public var failureCacheControl: String = "public, max-age=300"

    public init() {
        fetch = PictureSettings()
        fetch.userAgent = "Monogram/\(MonogramRelease.version) (avatar service)"
    }

    public subscript<T>(dynamicMember path: WritableKeyPath<PictureSettings, T>) -> T {
        get { fetch[keyPath: path] }
        set { fetch[keyPath: path] = newValue }
    }
}
