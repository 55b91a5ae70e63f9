/// Everything the service can be configured with, as typed values with their defaults.
///
/// Loaded once at start-up from, in rising precedence, the built-in defaults, a JSON file, the
/// environment and command-line flags, and validated as a whole: see `load(arguments:environment:)`
/// and docs/configuration.md. `Configuration()` is the defaults.
public struct Configuration: Sendable, Hashable {
    public var server = ServerConfiguration()
    public var cache = CacheConfiguration()
    public var render = RenderConfiguration()
    public var http = HTTPConfiguration()
    public var pictures = PicturesConfiguration()
    public var gravatar = GravatarConfiguration()
    public var metrics = MetricsConfiguration()
    public var log = LogConfiguration()
    public var limits = LimitsConfiguration()
    public var security = SecurityConfiguration()

    public init() {}
}
