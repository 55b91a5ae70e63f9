import Foundation
import MonogramHTTP
@testable import MonogramService
import Testing

@Suite("RFC 9457 problem details (API §11)")
struct ProblemDetailsTests {
    @Test("the form an error is written in follows Accept", arguments: [
        (nil, ErrorForm.text), ("*/*", .text), ("text/plain", .text), ("application/json", .problem),
        ("application/problem+json", .problem), ("application/json, */*;q=0.1", .problem),
        ("application/json;q=0.5, text/plain", .text), ("text/html, application/json;q=0.9", .text),
        ("image/avif,image/webp,image/*,*/*;q=0.8", .image), ("image/png, application/json", .problem),
        ("application/json;q=0.4, image/*;q=0.5", .image), ("APPLICATION/JSON", .problem),
    ] as [(String?, ErrorForm)])
    func forms(_ accept: String?, _ form: ErrorForm) {
        #expect(AcceptPreference.errorForm(accept.map { Substring($0) }) == form)
    }

    @Test("every service error maps to one status, line and problem type", arguments: [
        (ServiceError.notFound, 404, "about:blank"), (.methodNotAllowed, 405, "about:blank"), (.overloaded, 503, "about:blank"),
        (.overBudget(retryAfter: 3), 429, "tag:monogram.avatars,2026:over-budget"),
        (.signature(.expired), 403, "tag:monogram.avatars,2026:expired"), (.signature(.missing), 403, "tag:monogram.avatars,2026:signature"),
        (.internalFailure("x"), 500, "about:blank"),
    ] as [(ServiceError, Int, String)])
    func parts(_ error: ServiceError, _ status: Int, _ type: String) throws {
        let errors = ErrorResponses(headers: CommonHeaders(corsOrigin: "*"), placeholderPNG: [1], logger: Logger(level: .error))
        let response = errors.response(for: error, form: .problem)
        #expect(response.status.code == status)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.header("Cache-Control") == "no-store")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(json["type"] as? String == type)
        #expect(json["status"] as? Int == status)
        #expect((json["title"] as? String)?.isEmpty == false)
        let text = errors.response(for: error, form: .text)
        #expect(json["detail"] as? String == String(decoding: text.body, as: UTF8.self).trimmingCharacters(in: .newlines))
        #expect(text.header("Content-Type") == "text/plain; charset=utf-8")
    }
}
