/// The service's endpoints, decided from the path alone.
enum Route: Equatable {
    /// `/avatar/{name}[.png|.svg|.json|.webp|.avif|.jpg|.jpeg]`
    case avatar(segment: Substring)
    /// `/group/{name1},{name2},…[.png|.svg|.json|.webp|.avif|.jpg|.jpeg]`
    case group(segment: Substring)
    /// `/gravatar/{hash}[.png|.jpg|.jpeg]` (API §7)
    case gravatar(segment: Substring)
    case health
    /// `/metrics` (Prometheus text), unless it is served on the admin port instead.
    case metrics
    /// `/`: the playground page.
    case playground
    /// `/purge` (API §9; only `POST` does anything).
    case purge
    case notFound

    /// Whether `security.require_signature` applies (API §8): the routes that render names.
    var needsSignature: Bool {
        switch self {
        case .avatar, .group: true
        // `/gravatar/` cannot be signed by the applications that call it: while signatures are
        // required it ignores `name` and `initials` instead (`GravatarRoute.signatureRequired`).
        case .gravatar, .health, .metrics, .playground, .purge, .notFound: false
        }
    }

    /// Decided on the path's bytes (RFC 3986 delimiters are ASCII): comparing Substrings by
    /// Characters cost ~12,000 instructions of every request that missed the cache.
    init(path: Substring) {
        let found = path.withUTF8Bytes { bytes -> (Route?, prefix: Int, kind: UInt8) in
            if bytes.elementsEqual(Route.healthBytes) { return (.health, 0, 0) }
            if bytes.elementsEqual(Route.metricsBytes) { return (.metrics, 0, 0) }
            if bytes.elementsEqual(Route.purgeBytes) { return (.purge, 0, 0) }
            if bytes.count == 1, bytes.first == UInt8(ascii: "/") { return (.playground, 0, 0) }
            for (kind, prefix) in Route.segmentPrefixes.enumerated() where bytes.starts(with: prefix) {
                // The single segment after the prefix, or nothing when there are more.
                guard !bytes[prefix.count...].contains(UInt8(ascii: "/")) else { return (.notFound, 0, 0) }
                return (nil, prefix.count, UInt8(kind))
            }
            return (.notFound, 0, 0)
        }
        if let route = found.0 {
            self = route
            return
        }
        let segment = path[path.utf8.index(path.startIndex, offsetBy: found.prefix)...]
        switch found.kind {
        case 0: self = .avatar(segment: segment)
        case 1: self = .group(segment: segment)
        default: self = .gravatar(segment: segment)
        }
    }

    /// The prefixes of the routes with one segment after them, in `init(path:)`'s order.
    private static let healthBytes = Array("/healthz".utf8), metricsBytes = Array("/metrics".utf8), purgeBytes = Array("/purge".utf8)
    private static let segmentPrefixes = [Array("/avatar/".utf8), Array("/group/".utf8), Array("/gravatar/".utf8)]
}

extension Substring {
    /// `body` over the UTF-8 bytes, in place for a native string (as targets are). Through
    /// `withUTF8`: `utf8.withContiguousStorageIfAvailable` on a Substring cost ~300 instructions.
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var copy = self
        return copy.withUTF8(body)
    }
}
