import Foundation
import Testing

@Suite("live /metrics, admin port and playground")
struct LiveOperationsTests {
    func metrics(_ client: RawClient) throws -> PrometheusText {
        let response = try client.get("/metrics")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        return try PrometheusText(response.text)
    }

    @Test("/metrics parses as Prometheus text and its counters move with requests")
    func countersMove() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let before = try metrics(client)
        for _ in 0..<3 { #expect(try client.get("/avatar/Metric%20Person?size=48").status == 200) }
        #expect(try client.get("/avatar/Metric%20Person?size=5").status == 400)
        #expect(try client.get("/no/such/thing").status == 404)
        let after = try metrics(client)
        func delta(_ name: String, _ labels: [String: String] = [:]) -> Double? {
            guard let old = before.value(name, labels), let new = after.value(name, labels) else { return nil }
            return new - old
        }
        #expect(delta("monogram_http_requests_total", ["route": "avatar", "code": "2xx"]) == 3)
        #expect(delta("monogram_http_requests_total", ["route": "avatar", "code": "4xx"]) == 1)
        #expect(delta("monogram_http_requests_total", ["route": "other", "code": "4xx"]) == 1)
        // The first /metrics answer is counted once it is written.
        #expect(delta("monogram_http_requests_total", ["route": "metrics", "code": "2xx"]) == 1)
        #expect(delta("monogram_http_request_duration_seconds_count") == 6)
        #expect(delta("monogram_render_duration_seconds_count") == 1)
        #expect(delta("monogram_cache_hits_total", ["cache": "images"]) == 2)
        #expect(delta("monogram_cache_misses_total", ["cache": "images"]) == 1)
        #expect(after.value("monogram_cache_entries", ["cache": "images"]) == 1)
        #expect((after.value("monogram_cache_bytes", ["cache": "images"]) ?? 0) > 48 * 4)
        #expect(after.value("monogram_open_connections") == 1)
        #expect(after.value("monogram_rejected_connections_total") == 0)
        #expect(after.types["monogram_picture_fetches_total"] == "counter")
        #expect(after.types["monogram_singleflight_waits_total"] == "counter")
        let started = try #require(after.value("process_start_time_seconds"))
        #expect(abs(started - Date().timeIntervalSince1970) < 3600)
        #expect((after.value("process_resident_memory_bytes") ?? 0) > 1_048_576)
    }

    @Test("with metrics.port set, /metrics is served there only and the main port answers 404")
    func adminPort() throws {
        let adminPort = FreePort.next()
        let server = try MonogramProcess(config: ["metrics": ["port": adminPort]])
        #expect(try RawClient(port: server.port).get("/metrics").status == 404)
        #expect(try RawClient(port: server.port).get("/avatar/Ann").status == 200)
        let admin = try RawClient(port: adminPort)
        let scraped = try metrics(admin)
        #expect(scraped.value("monogram_http_requests_total", ["route": "avatar", "code": "2xx"]) == 1)
        #expect(scraped.value("monogram_http_requests_total", ["route": "other", "code": "4xx"]) == 0)
        #expect(scraped.value("monogram_http_requests_total", ["route": "metrics", "code": "4xx"]) == 1)
        #expect(try admin.get("/healthz").status == 200)
        #expect(try admin.get("/avatar/Ann").status == 404)
    }

    @Test("GET / is the playground: HTML, strict CSP, no-cache, a label for every control, no outside links")
    func playground() throws {
        let server = try MonogramProcess()
        let response = try RawClient(port: server.port).get("/")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-cache")
        #expect(response.header("Content-Security-Policy")?.hasPrefix("default-src 'self'; img-src 'self' data:") == true)
        let html = response.text
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("//cdn"))
        let ids = html.matches(of: /<(?:input|select) id="([^"]+)"/).map { String($0.1) }
        #expect(ids.count >= 26)
        for id in ids { #expect(html.contains("<label for=\"\(id)\">"), "no label for \(id)") }
        for parameter in ["size", "dpr", "shape", "radius", "bg", "color", "initials", "length", "uppercase", "font-size", "font", "bold", "id", "format", "picture", "fallback",
                          "group-max", "group-overlap", "group-border", "group-border-color", "group-more", "group-shape"] {
            #expect(ids.contains(parameter), "no control for \(parameter)")
        }
        #expect(html.contains("<option>hexagon</option>"))
    }
}
