/// `http`: headers every image answer carries.
public struct HTTPConfiguration: Sendable, Hashable {
    /// `http.cache_control`: `Cache-Control` of image answers. Default `public, max-age=604800`.
    public var cacheControl: String = "public, max-age=604800"
    /// `http.cors_origin`: `Access-Control-Allow-Origin` of image answers. Default `*`.
    public var corsOrigin: String = "*"
    /// `http.strict_parameters`: a query parameter `/avatar` or `/group` does not know is a 400
    /// instead of being named in `X-Avatar-Ignored` (API §11). Default false.
    public var strictParameters: Bool = false
    /// `http.robots`: `X-Robots-Tag` of image answers (API §11), so names drawn in avatars stay
    /// out of image search. Default `noindex`; empty sends none.
    public var robots: String = HTTPConfiguration.defaultRobots
    public static let defaultRobots = "noindex"

    public init() {}
}
