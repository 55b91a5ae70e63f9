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
        let path = AvatarService.originForm(target).prefix(while: { $0 != "?" })
        if path.hasPrefix("/avatar/") {
            self = .avatar
        } else if path.hasPrefix("/group/") {
            self = .group
        } else if path.hasPrefix("/gravatar/") {
            self = .gravatar
        } else if path == "/" {
            self = .playground
        } else if path == "/healthz" {
            self = .health
        } else if path == "/metrics" {
            self = .metrics
        } else {
            self = .other
        }
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
