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

    /// Decided on the path's bytes (RFC 3986 delimiters are ASCII): comparing Substrings by
    /// Characters cost ~12,000 instructions of every request that missed the cache.
    init(path: Substring) {
        let bytes = path.utf8
        if bytes.elementsEqual("/healthz".utf8) {
            self = .health
        } else if bytes.elementsEqual("/metrics".utf8) {
            self = .metrics
        } else if bytes.elementsEqual("/".utf8) {
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
    static func segment(of path: Substring, under prefix: StaticString) -> Substring? {
        let bytes = path.utf8
        let prefixBytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard bytes.starts(with: prefixBytes) else { return nil }
        let segment = path[bytes.index(bytes.startIndex, offsetBy: prefixBytes.count)...]
        return segment.utf8.contains(UInt8(ascii: "/")) ? nil : segment
    }
}
