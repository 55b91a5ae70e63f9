public import MonogramHTTP

/// The handler of the admin port (`metrics.port`): `/metrics` and `/healthz` only, unlogged,
/// so scrapes neither reach the public port nor fill the access log.
public final class MetricsService: HTTPHandler {
    let metrics: Metrics
    let headers: CommonHeaders
    let healthy: HTTPResponse

    public init(metrics: Metrics, corsOrigin: String) {
        self.metrics = metrics
        self.headers = CommonHeaders(corsOrigin: corsOrigin)
        self.healthy = FixedAnswers.healthy(headers)
    }

    public func handle(_ request: HTTPRequestHead, context: HTTPRequestContext, responder: HTTPResponder) -> HTTPHandlerResult {
        guard request.method == .get || request.method == .head else {
            return .respond(headers.text(.methodNotAllowed, "only GET and HEAD are allowed", extra: [(HeaderName.allow, "GET, HEAD")]), .none)
        }
        switch AvatarService.originForm(request.target).prefix(while: { $0 != "?" }) {
        case "/metrics": return .respond(FixedAnswers.metrics(metrics, headers: headers), .none)
        case "/healthz": return .respond(healthy, .none)
        default: return .respond(headers.text(.notFound, "this port serves /metrics and /healthz"), .none)
        }
    }

    public func accessLogLine(_ record: HTTPAccessRecord) -> String? { nil }
}
