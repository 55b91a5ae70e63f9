/// The `route` label of `monogram_http_requests_total`, from the request target's path.
///
/// Decided from prefixes alone (no allocation) and independent of `Route`, so that labels stay
/// the same whatever routes are added; an unknown path is `other`.
enum MetricsRoute: Int, CaseIterable {
    case avatar, group, playground, health, metrics, other, unparsed

    init(target: String?) {
        guard let target else {
            self = .unparsed
            return
        }
        // By bytes: this runs for every response, hits included, and walking the target as
        // Characters (grapheme breaking) was half the user-space instructions of a cache hit.
        self = target.utf8.first == UInt8(ascii: "/")
            ? Self.classify(target.utf8)
            : Self.classify(AvatarService.originForm(target).utf8)
    }

    /// The route of an origin-form target's bytes; the query is ignored.
    static func classify(_ target: some Collection<UInt8>) -> MetricsRoute {
        let path = target.prefix { $0 != UInt8(ascii: "?") }
        if path.starts(with: "/avatar/".utf8) { return .avatar }
        if path.starts(with: "/group/".utf8) { return .group }
        if path.elementsEqual("/".utf8) { return .playground }
        if path.elementsEqual("/healthz".utf8) { return .health }
        if path.elementsEqual("/metrics".utf8) { return .metrics }
        return .other
    }

    var label: String {
        switch self {
        case .avatar: "avatar"
        case .group: "group"
        case .playground: "playground"
        case .health: "healthz"
        case .metrics: "metrics"
        case .other: "other"
        case .unparsed: "unparsed"
        }
    }
}
