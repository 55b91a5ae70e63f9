import Foundation
import Testing

/// API §11: a client whose Accept prefers JSON gets its errors as RFC 9457 problem details.
@Suite("live RFC 9457 problem details")
struct LiveProblemDetailsTests {
    /// The RFC 9457 §3.1 members: `type` a URI reference, `title` a string, `status` the
    /// response's own code (a number), `detail` a string; nothing else but extension members.
    static func checkProblem(_ response: RawClient.Response, status: Int, detail: String? = nil) throws -> [String: Any] {
        #expect(response.status == status)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.header("Content-Length") == String(response.body.count))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let type = try #require(json["type"] as? String)
        #expect(URL(string: type)?.scheme != nil, "type \(type) is an absolute URI")
        #expect((json["title"] as? String)?.isEmpty == false)
        #expect(json["status"] as? Int == status)
        let line = try #require(json["detail"] as? String)
        if let detail { #expect(line == detail) }
        #expect(!line.contains("\n"))
        return json
    }

    @Test("400, 404, 405 for JSON clients; the same requests as text (and as the placeholder image) are unchanged")
    func statuses() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let json = ["Accept: application/json"]
        let bad = try Self.checkProblem(client.get("/avatar/Jane?size=9", headers: json), status: 400, detail: "size must be an integer from 16 to 1024")
        #expect(bad["type"] as? String == "tag:monogram.avatars,2026:bad-parameter")
        #expect(bad["parameter"] as? String == "size")
        #expect(try client.get("/avatar/Jane?size=9", headers: json).header("Cache-Control") == "no-store")
        let problem = try Self.checkProblem(client.get("/group/A,B?max=99", headers: ["Accept: application/problem+json"]), status: 400)
        #expect(problem["parameter"] as? String == "max")
        let missing = try Self.checkProblem(client.get("/nowhere", headers: json), status: 404)
        #expect(missing["type"] as? String == "about:blank" && missing["title"] as? String == "Not Found")
        _ = try Self.checkProblem(client.get("/gravatar/xyz", headers: json), status: 404)
        try client.send("DELETE /avatar/x HTTP/1.1\r\nHost: t\r\nAccept: application/json\r\n\r\n")
        let method = try client.readResponse()
        _ = try Self.checkProblem(method, status: 405)
        #expect(method.header("Allow") == "GET, HEAD")
        // Unchanged for everyone else.
        let text = try client.get("/avatar/Jane?size=9", headers: ["Accept: text/plain"])
        #expect(text.status == 400 && text.text == "size must be an integer from 16 to 1024\n")
        let plain = try client.get("/avatar/Jane?size=9")
        #expect(plain.header("Content-Type") == "text/plain; charset=utf-8")
        let image = try client.get("/avatar/Jane?size=9", headers: ["Accept: image/avif,image/webp,*/*;q=0.8"])
        #expect(image.header("Content-Type") == "image/png" && image.header("X-Avatar-Error") == "size must be an integer from 16 to 1024")
    }

    @Test("403 (signature, expired) and 429 (with Retry-After) as problem details")
    func refusals() throws {
        let server = try MonogramProcess(config: ["security": ["require_signature": true, "signing_keys": ["a problem-details test key"]],
                                                  "limits": ["client_renders_per_second": 0.001, "client_burst": 1]])
        let client = try RawClient(port: server.port)
        let json = ["Accept: application/json"]
        let unsigned = try Self.checkProblem(client.get("/avatar/Kim", headers: json), status: 403)
        #expect(unsigned["type"] as? String == "tag:monogram.avatars,2026:signature")
        let expired = try LiveSignatureTests.sign(["/avatar/Kim?exp=1"], config: server.configPath)
        let refused = try Self.checkProblem(client.get(expired, headers: json), status: 403, detail: "expired")
        #expect(refused["type"] as? String == "tag:monogram.avatars,2026:expired")
        _ = try client.get(try LiveSignatureTests.sign(["/avatar/One"], config: server.configPath))
        let over = try client.get(try LiveSignatureTests.sign(["/avatar/Two"], config: server.configPath), headers: json)
        let budget = try Self.checkProblem(over, status: 429)
        #expect(budget["type"] as? String == "tag:monogram.avatars,2026:over-budget")
        #expect(over.header("Retry-After") != nil && over.header("RateLimit") != nil)
    }
}
