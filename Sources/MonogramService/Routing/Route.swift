/// The service's endpoints, decided from the path alone.
enum Route: Equatable {
    /// `/avatar/{name}[.png|.svg|.json|.webp|.avif]`
    case avatar(segment: Substring)
    /// `/group/{name1},{name2},…[.png|.svg|.json|.webp|.avif]`
    case group(segment: Substring)
    /// `/gravatar/{hash}[.png|.jpg|.jpeg]` (API §7)
    case gravatar(segment: Substring)
    case health
    /// `/metrics` (Prometheus text), unless it is served on the admin port instead.
    case metrics
    /// `/`: the playground page.
    case playground
    case notFound

    /// Whether `security.require_signature` applies (API §8): the routes that render names.
    var needsSignature: Bool {
        switch self {
        case .avatar, .group: true
        // `/gravatar/` cannot be signed by the applications that call it: while signatures are
        // required it ignores `name` and `initials` instead (`GravatarRoute.signatureRequired`).
        case .gravatar, .health, .metrics, .playground, .notFound: false
        }
    }

    init(path: Substring) {
        if path == "/healthz" {
            self = .health
        } else if path == "/metrics" {
            self = .metrics
        } else if path == "/" {
            self = .playground
        } else if let segment = Route.segment(of: path, under: "/avatar/") {
            self = .avatar(segment: segment)
        } else if let segment = Route.segment(of: path, under: "/group/") {
            self = .group(segment: segment)
        } else if let segment = Route.segment(of: path, under: "/gravatar/") {
            self = .gravatar(segment: segment)
        } else {
            self = .notFound
        }
    }

    /// The single path segment after `prefix`, or nil when the path has more segments.
    static func segment(of path: Substring, under prefix: String) -> Substring? {
        guard path.hasPrefix(prefix) else { return nil }
        let segment = path.dropFirst(prefix.count)
        return segment.contains("/") ? nil : segment
    }
}
