import MonogramHTTP
@testable import MonogramService
import Testing

/// API §4: four headers on every answer, images and errors, `/healthz` and `/metrics` alike.
@Suite("headers on every answer")
struct CommonHeadersTests {
    static let service = Result { try ServiceTestSupport.makeService() }

    static let targets: [(target: String, method: HTTPMethod, accept: String, status: Int)] = [
        ("/avatar/Common%20Headers?size=32", .get, "*/*", 200),
        ("/avatar/Common%20Headers.svg?size=32", .get, "*/*", 200),
        ("/avatar/Common%20Headers.json", .get, "*/*", 200),
        ("/group/a,b?size=32", .get, "*/*", 200),
        ("/healthz", .get, "*/*", 200),
        ("/metrics", .get, "*/*", 200),
        ("/", .get, "text/html", 200),
        ("/avatar/x?size=9", .get, "*/*", 400),
        ("/avatar/x?size=9", .get, "image/webp,*/*;q=0.8", 400),
        ("/nope", .get, "*/*", 404),
        ("/avatar/x", .post, "*/*", 405),
    ]

    func expectCommon(_ response: HTTPResponse, _ label: String) {
        #expect(response.header("X-Content-Type-Options") == "nosniff", "\(label)")
        #expect(response.header("Access-Control-Allow-Origin") == "*", "\(label)")
        #expect(response.header("Access-Control-Expose-Headers") == "X-Avatar-Source, X-Avatar-Error, X-Avatar-Ignored, RateLimit-Policy, RateLimit", "\(label)")
        #expect(response.header("Cross-Origin-Resource-Policy") == "cross-origin", "\(label)")
    }

    @Test("nosniff, CORS origin, exposed X-Avatar-* headers and CORP on every route and status")
    func everyAnswer() throws {
        let service = try CommonHeadersTests.service.get()
        for entry in CommonHeadersTests.targets {
            let answer = ServiceTestSupport.call(
                service, ServiceTestSupport.head(entry.target, method: entry.method, headers: [("Accept", entry.accept)])).response
            #expect(answer.status.code == entry.status, "\(entry.target)")
            expectCommon(answer, "\(entry.method.name) \(entry.target)")
        }
    }

    @Test("/healthz while draining is a 503 with Retry-After, and carries them too")
    func draining() throws {
        let service = try CommonHeadersTests.service.get()
        let responder = HTTPResponder { _, _ in }
        let result = service.handle(ServiceTestSupport.head("/healthz"), context: HTTPRequestContext(peer: "127.0.0.1", draining: true), responder: responder)
        guard case .respond(let response, _) = result else {
            Issue.record("/healthz is answered at once")
            return
        }
        #expect(response.status.code == 503)
        #expect(response.header("Retry-After") == "1")
        expectCommon(response, "draining /healthz")
    }

    @Test("a 304 carries them too")
    func notModified() throws {
        let service = try CommonHeadersTests.service.get()
        let first = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/Revalidated.json")).response
        let etag = try #require(first.header("ETag"))
        let again = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/Revalidated.json", headers: [("If-None-Match", etag)])).response
        #expect(again.status.code == 304)
        expectCommon(again, "304")
    }

    @Test("the configured origin is the one sent, on the admin port's answers too")
    func configuredOrigin() {
        let admin = MetricsService(metrics: Metrics(), corsOrigin: "https://app.example")
        for target in ["/metrics", "/healthz", "/nope"] {
            let response = ServiceTestSupport.call(admin, ServiceTestSupport.head(target)).response
            #expect(response.header("Access-Control-Allow-Origin") == "https://app.example", "\(target)")
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(target)")
            #expect(response.header("Cross-Origin-Resource-Policy") == "cross-origin", "\(target)")
        }
    }
}
