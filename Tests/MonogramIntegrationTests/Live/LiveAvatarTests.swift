import Foundation
import Testing

@Suite("live /avatar over real sockets")
struct LiveAvatarTests {
    @Test("serves a PNG avatar with every §4 header")
    func pngHeaders() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let response = try client.get("/avatar/Jane%20Roe?size=64&shape=circle")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/png")
        #expect(response.header("Content-Length") == String(response.body.count))
        #expect(response.header("Date")?.hasSuffix("GMT") == true)
        #expect(response.header("ETag")?.hasPrefix("\"") == true)
        #expect(response.header("Cache-Control") == "public, max-age=604800")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("X-Avatar-Source") == "initials")
        #expect(Array(response.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test("SVG answers carry a restrictive Content-Security-Policy")
    func svg() throws {
        let server = try MonogramProcess()
        let response = try RawClient(port: server.port).get("/avatar/Jane%20Roe.svg")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/svg+xml")
        #expect(response.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        #expect(response.text.contains("<svg"))
    }

    @Test("JSON describes the avatar so a frontend can draw it")
    func json() throws {
        let server = try MonogramProcess()
        let response = try RawClient(port: server.port).get("/avatar/Jane%20Roe.json?shape=circle&size=64")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(object["name"] as? String == "Jane Roe")
        #expect(object["initials"] as? String == "JR")
        #expect(object["shape"] as? String == "circle")
        #expect(object["size"] as? Int == 64)
        #expect((object["background"] as? String)?.count == 7)
        #expect(object["id"] as? String == "Jane Roe")
    }

    @Test("reordered and default-spelled queries share one ETag; unknown parameters are ignored")
    func canonicalETag() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let first = try client.get("/avatar/Ann%20Lee?size=64&shape=circle")
        let second = try client.get("/avatar/Ann+Lee?shape=circle&v=2&size=64&dpr=1")
        let other = try client.get("/avatar/Ann%20Lee?size=65&shape=circle")
        #expect(first.header("ETag") != nil)
        #expect(first.header("ETag") == second.header("ETag"))
        #expect(first.body == second.body)
        #expect(other.header("ETag") != first.header("ETag"))
    }

    @Test("If-None-Match answers 304 with no body", arguments: ["exact", "list", "weak", "star"])
    func notModified(form: String) throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let etag = try #require(try client.get("/avatar/Kim").header("ETag"))
        let value: String = switch form {
        case "exact": etag
        case "list": "\"nope\", \(etag), \"other\""
        case "weak": "W/\(etag)"
        default: "*"
        }
        let response = try client.get("/avatar/Kim", headers: ["If-None-Match: \(value)"])
        #expect(response.status == 304)
        #expect(response.body.isEmpty)
        #expect(response.header("ETag") == etag)
        let miss = try client.get("/avatar/Kim", headers: ["If-None-Match: \"different\""])
        #expect(miss.status == 200)
    }

    @Test("a bad parameter is a one-line 400 naming it, never cacheable")
    func badParameter() throws {
        let server = try MonogramProcess()
        let response = try RawClient(port: server.port).get("/avatar/Jane?size=9000")
        #expect(response.status == 400)
        #expect(response.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.text == "size must be an integer from 16 to 1024\n")
    }

    @Test("a browser asking for an image gets the placeholder with the reason in X-Avatar-Error")
    func badParameterForBrowsers() throws {
        let server = try MonogramProcess()
        let accept = "Accept: image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
        let response = try RawClient(port: server.port).get("/avatar/Jane?size=9000", headers: [accept])
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == "image/png")
        #expect(response.header("X-Avatar-Error") == "size must be an integer from 16 to 1024")
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test("an empty name draws the placeholder", arguments: ["/avatar/", "/avatar/.png", "/avatar/%20"])
    func placeholder(path: String) throws {
        let server = try MonogramProcess()
        let response = try RawClient(port: server.port).get(path)
        #expect(response.status == 200)
        #expect(response.header("X-Avatar-Source") == "placeholder")
    }

    @Test("/healthz answers ok; unknown paths 404; other methods 405 with Allow")
    func routes() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let health = try client.get("/healthz")
        #expect(health.status == 200)
        #expect(health.text == "ok\n")
        #expect(try client.get("/nope").status == 404)
        #expect(try client.get("/avatar/a/b").status == 404)
        try client.send("POST /avatar/x HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")
        let post = try client.readResponse()
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD")
    }
}
