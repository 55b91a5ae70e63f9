/// The `route` label of `monogram_http_requests_total`, from the request target's path.
///
/// Decided from prefixes alone (no allocation) and independent of `Route`, so that labels stay
/// the same whatever routes are added; an unknown path is `other`.
enum MetricsRoute: Int, CaseIterable {
    case avatar, group, gravatar, playground, health, metrics, other, unparsed

    init(target: String?) {
        guard let target else {
            self = .unparsed
            return
        }
        // By bytes: this runs for every response, hits included, and walking the target as
        // Characters (grapheme breaking) was half the user-space instructions of a cache hit.
        let origin = target.utf8.first == UInt8(ascii: "/") ? Substring(target) : AvatarService.originForm(target)
        self = origin.withUTF8Bytes { Self.classify($0) }
    }

    /// `classify` over contiguous bytes, comparing prefixes without generic iteration.
    static func classify(_ target: UnsafeBufferPointer<UInt8>) -> MetricsRoute {
        let path = UnsafeBufferPointer(rebasing: target[..<(target.firstIndex(of: UInt8(ascii: "?")) ?? target.count)])
        func starts(_ prefix: [UInt8]) -> Bool {
            guard path.count >= prefix.count else { return false }
            for (index, byte) in prefix.enumerated() where path[index] != byte { return false }
            return true
        }
        if starts(avatarBytes) { return .avatar }
        if starts(groupBytes) { return .group }
        if starts(gravatarBytes) { return .gravatar }
        if path.count == 1, path.first == UInt8(ascii: "/") { return .playground }
        if path.count == healthBytes.count, starts(healthBytes) { return .health }
        if path.count == metricsBytes.count, starts(metricsBytes) { return .metrics }
        return .other
    }

    private static let avatarBytes = Array("/avatar/".utf8), groupBytes = Array("/group/".utf8)
    private static let rootBytes = Array("/".utf8), healthBytes = Array("/healthz".utf8)
    private static let metricsBytes = Array("/metrics".utf8), gravatarBytes = Array("/gravatar/".utf8)

    /// The route of an origin-form target's bytes; the query is ignored.
    static func classify(_ target: some Collection<UInt8>) -> MetricsRoute {
        let path = target.prefix { $0 != UInt8(ascii: "?") }
        if path.starts(with: avatarBytes) { return .avatar }
        if path.starts(with: groupBytes) { return .group }
        if path.starts(with: gravatarBytes) { return .gravatar }
        if path.elementsEqual(rootBytes) { return .playground }
        if path.elementsEqual(healthBytes) { return .health }
        if path.elementsEqual(metricsBytes) { return .metrics }
        return .other
    }

    var label: String {
        switch self {
        case .avatar: "avatar"
        case .group: "group"
        case .gravatar: "gravatar"
        case .playground: "playground"
        case .health: "healthz"
        case .metrics: "metrics"
        case .other: "other"
        case .unparsed: "unparsed"
        }
    }
}
