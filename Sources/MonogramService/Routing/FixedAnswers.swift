import MonogramCore
import MonogramHTTP

/// Answers that do not depend on the request beyond its route, built once at start-up (or, for
/// `/metrics`, at scrape time), each with the §4 headers every answer carries.
struct FixedAnswers: Sendable {
    let headers: CommonHeaders
    let errors: ErrorResponses
    let healthy: HTTPResponse
    /// `/healthz` once shutdown has begun.
    let draining: HTTPResponse
    /// `GET /`: its font and shape lists come from the configuration.
    let playground: HTTPResponse
    /// False when `metrics.port` moves `/metrics` to the admin port (the main port then 404s).
    let metricsOnMainPort: Bool

    init(headers: CommonHeaders, errors: ErrorResponses, limits: OptionLimits, metricsOnMainPort: Bool) {
        self.headers = headers
        self.errors = errors
        self.healthy = FixedAnswers.healthy(headers)
        self.draining = headers.text(.serviceUnavailable, "draining", extra: [(HeaderName.retryAfter, "1")])
        self.playground = PlaygroundPage.response(limits: limits, headers: headers)
        self.metricsOnMainPort = metricsOnMainPort
    }

    static func healthy(_ headers: CommonHeaders) -> HTTPResponse {
        headers.response(.ok, [(HeaderName.contentType, MediaType.plainText), (HeaderName.cacheControl, CacheDirective.noStore)], body: Array("ok\n".utf8))
    }

    /// `GET /metrics`: built at scrape time, never cached.
    func metrics(_ metrics: Metrics) -> HTTPResponse {
        FixedAnswers.metrics(metrics, headers: headers)
    }

    static func metrics(_ metrics: Metrics, headers: CommonHeaders) -> HTTPResponse {
        headers.response(
            .ok, [(HeaderName.contentType, MediaType.prometheus), (HeaderName.cacheControl, CacheDirective.noStore)],
            body: Array(metrics.exposition().utf8))
    }
}
