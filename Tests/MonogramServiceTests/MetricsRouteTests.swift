import Testing
@testable import MonogramService

/// The route label is decided from the target's bytes (a per-response hot path); these pin the
/// labels so the byte-level classification keeps meaning what the prefix rules say.
@Suite("metrics route label from the request target")
struct MetricsRouteTests {
    @Test("origin-form and absolute-form targets get the label of their path, ignoring the query",
          arguments: [
            ("/avatar/Jane+Roe.png?shape=circle", MetricsRoute.avatar), ("/avatar/", .avatar),
            ("/group/a,b.png", .group), ("/gravatar/abc?s=64", .gravatar), ("/gravatarx", .other), ("/", .playground), ("/?x=1", .playground),
            ("/healthz", .health), ("/healthz?probe", .health), ("/metrics", .metrics),
            ("/avatar", .other), ("/avatars/x", .other), ("/metricsx", .other), ("/healthz/", .other),
            ("/x?/avatar/", .other), ("http://example.com/avatar/x?size=32", .avatar),
            ("http://example.com", .playground), ("http://example.com?/group/", .other),
            ("/%61vatar/x", .other), ("/grou\u{0301}p/x", .other), ("*", .other), ("", .other),
          ])
    func label(target: String, route: MetricsRoute) {
        #expect(MetricsRoute(target: target) == route)
    }

    @Test("a request whose head could not be parsed is unparsed")
    func unparsed() {
        #expect(MetricsRoute(target: nil) == .unparsed)
    }
}
