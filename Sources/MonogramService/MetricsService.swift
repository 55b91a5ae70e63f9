public import MonogramHTTP

/// The handler of the admin port (`metrics.port`): `/metrics` and `/healthz` only, unlogged,
/// so scrapes neither reach the public port nor fill the access log.
public final class MetricsService: HTTPHandler {
    let metrics: Metrics

    public init(metrics: Metrics) {
        self.metrics = metrics
    }

    public func handle(_ request: HTTPRequestHead, context: HTTPRequestContext, responder: HTTPResponder) -> HTTPHandlerResult {
        guard request.method == .get || request.method == .head else {
            return .respond(HTTPResponse.error(.methodNotAllowed, "only GET and HEAD are allowed", extraHeaders: [("Allow", "GET, HEAD")]), note: "")
        }
        switch AvatarService.originForm(request.target).prefix(while: { $0 != "?" }) {
        case "/metrics": return .respond(Metrics.response(metrics), note: "")
        case "/healthz": return .respond(AvatarService.healthy, note: "")
        default: return .respond(HTTPResponse.error(.notFound, "this port serves /metrics and /healthz"), note: "")
        }
    }

    public func accessLogLine(_ record: HTTPAccessRecord) -> String? { nil }
}
