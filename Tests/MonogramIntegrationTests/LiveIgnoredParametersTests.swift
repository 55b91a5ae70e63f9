import Foundation
import Testing

@Suite("live X-Avatar-Ignored and http.strict_parameters (API §11)")
struct LiveIgnoredParametersTests {
    @Test("names other services' parameters on every route, sorted, never v; readable by scripts; hits carry it too")
    func named() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let first = try client.get("/avatar/Jane%20Roe?s=64&rounded=true&seed=x&v=3&size=40")
        #expect(first.status == 200)
        #expect(first.header("X-Avatar-Ignored") == "rounded, s, seed")
        #expect(first.header("Access-Control-Expose-Headers")?.contains("X-Avatar-Ignored") == true)
        // The same answer (one cache entry: unknown names are not part of the key), from the cache.
        let again = try client.get("/avatar/Jane%20Roe?size=40&chars=2")
        #expect(again.header("X-Avatar-Ignored") == "chars")
        #expect(again.header("ETag") == first.header("ETag") && again.body == first.body)
        let plain = try client.get("/avatar/Jane%20Roe?size=40&v=7")
        #expect(plain.header("X-Avatar-Ignored") == nil)
        #expect(try client.get("/avatar/Jane%20Roe?size=40&v=7").header("X-Avatar-Ignored") == nil)
        // The 304 too.
        let revalidated = try client.get("/avatar/Jane%20Roe?size=40&s=1", headers: ["If-None-Match: \(first.header("ETag") ?? "")"])
        #expect(revalidated.status == 304 && revalidated.header("X-Avatar-Ignored") == "s")
        #expect(try client.get("/group/A,B?border=2&radius=0.1&backgroundColor=fff").header("X-Avatar-Ignored") == "backgroundColor")
        #expect(try client.get("/gravatar/\(String(repeating: "0", count: 32))?s=40&d=mp&size=40&chars=1").header("X-Avatar-Ignored") == "chars")
        let many = try client.get("/avatar/Kim?" + (1...10).map { "x\($0)=1" }.joined(separator: "&"))
        #expect(many.header("X-Avatar-Ignored") == "x1, x10, x2, x3, x4, x5, x6, x7")
        let json = try client.get("/avatar/Kim.json?size=40&seed=1")
        #expect(json.header("X-Avatar-Ignored") == "seed")
    }

    @Test("http.strict_parameters: an unknown parameter is a 400 naming it; v, sig and /gravatar still pass")
    func strict() throws {
        let server = try MonogramProcess(config: ["http": ["strict_parameters": true]])
        let client = try RawClient(port: server.port)
        let refused = try client.get("/avatar/Jane?seed=x&s=64", headers: ["Accept: text/plain"])
        #expect(refused.status == 400)
        #expect(refused.text == "unknown parameters s, seed (http.strict_parameters is on; see docs/api.md for the parameters)\n")
        #expect(refused.header("Cache-Control") == "no-store")
        let image = try client.get("/group/A,B?rounded=1", headers: ["Accept: image/webp,image/*"])
        #expect(image.status == 400 && image.header("X-Avatar-Error")?.hasPrefix("unknown parameter rounded") == true)
        #expect(try client.get("/avatar/Jane?size=64&v=2").status == 200)
        let gravatar = try client.get("/gravatar/\(String(repeating: "0", count: 32))?s=40&seed=1")
        #expect(gravatar.status == 200 && gravatar.header("X-Avatar-Ignored") == "seed")
    }
}
