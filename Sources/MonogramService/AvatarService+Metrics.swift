import MonogramHTTP

extension AvatarService {
    /// `GET /metrics`: built at scrape time, never cached.
    func metricsResponse() -> HTTPResponse {
        Metrics.response(metrics)
    }
}

extension Metrics {
    static func response(_ metrics: Metrics) -> HTTPResponse {
        HTTPResponse(
            status: .ok, headers: [("Content-Type", Metrics.contentType), ("Cache-Control", "no-store")],
            body: Array(metrics.exposition().utf8))
    }
}
