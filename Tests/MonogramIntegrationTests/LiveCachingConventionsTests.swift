import Foundation
import Testing

/// API §11's caching conventions and rate-limit fields, against the real binary.
@Suite("live Last-Modified, If-Modified-Since, X-Robots-Tag and RateLimit fields (API §11)")
struct LiveCachingConventionsTests {
    static let released = "Wed, 02 Dec 2026 00:00:00 GMT"

    @Test("image answers carry Last-Modified (the release's) and X-Robots-Tag: noindex, on the 200 and the 304")
    func headers() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        for target in ["/avatar/Jane%20Roe?size=40", "/avatar/Jane%20Roe.svg", "/group/A,B.jpg", "/avatar/Kim.json",
                       "/gravatar/\(String(repeating: "a", count: 32))?s=40"] {
            let answer = try client.get(target)
            #expect(answer.status == 200)
            #expect(answer.header("Last-Modified") == Self.released, "\(target)")
            #expect(answer.header("X-Robots-Tag") == "noindex", "\(target)")
            let notModified = try client.get(target, headers: ["If-None-Match: \(answer.header("ETag") ?? "")"])
            #expect(notModified.status == 304 && notModified.header("Last-Modified") == Self.released && notModified.header("X-Robots-Tag") == "noindex")
        }
        #expect(try client.get("/healthz").header("X-Robots-Tag") == nil)
    }

    @Test("If-Modified-Since at or after the release is a 304, before it a 200, in all three date forms; If-None-Match, when sent, decides alone")
    func ifModifiedSince() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let target = "/avatar/Ola%20Nordmann?size=48"
        let first = try client.get(target)
        let etag = try #require(first.header("ETag"))
        for (value, status) in [(Self.released, 304), ("Thu, 03 Dec 2026 10:00:00 GMT", 304), ("Wednesday, 02-Dec-26 00:00:00 GMT", 304),
                                ("Wed Dec  2 00:00:00 2026", 304), ("Tue, 01 Dec 2026 23:59:59 GMT", 200), ("not a date", 200)] {
            for round in 0..<2 { // a miss (fresh target spelling) and then a hit
                let answer = try client.get(target + "&v=\(status)\(round)\(value.count)", headers: ["If-Modified-Since: \(value)"])
                #expect(answer.status == status, "\(value) (round \(round))")
                #expect(status == 200 ? answer.body == first.body : answer.body.isEmpty)
            }
        }
        // RFC 9110 §13.2.2: If-None-Match that does not match wins over a matching date…
        let other = try client.get(target, headers: ["If-None-Match: \"other\"", "If-Modified-Since: \(Self.released)"])
        #expect(other.status == 200)
        // …and one that matches is a 304 whatever the date says.
        let matched = try client.get(target, headers: ["If-None-Match: \(etag)", "If-Modified-Since: Mon, 01 Jan 2001 00:00:00 GMT"])
        #expect(matched.status == 304)
    }

    @Test("http.robots sets X-Robots-Tag; empty sends none")
    func robots() throws {
        let custom = try MonogramProcess(config: ["http": ["robots": "noindex, noimageindex"]])
        #expect(try RawClient(port: custom.port).get("/avatar/A").header("X-Robots-Tag") == "noindex, noimageindex")
        let none = try MonogramProcess(config: ["http": ["robots": ""]])
        #expect(try RawClient(port: none.port).get("/avatar/A").header("X-Robots-Tag") == nil)
    }

    @Test("with a client budget, answers that cost renders carry RateLimit-Policy and RateLimit; hits do not; the 429 does")
    func rateLimit() throws {
        let server = try MonogramProcess(config: ["limits": ["client_renders_per_second": 0.001, "client_burst": 3]])
        let client = try RawClient(port: server.port)
        let first = try client.get("/avatar/Rate%20One?size=32")
        #expect(first.status == 200)
        #expect(first.header("RateLimit-Policy") == "\"render\";q=3;w=3000")
        #expect(first.header("RateLimit") == "\"render\";r=2;t=1000")
        #expect(first.header("Access-Control-Expose-Headers")?.contains("RateLimit") == true)
        let hit = try client.get("/avatar/Rate%20One?size=32")
        #expect(hit.status == 200 && hit.header("RateLimit") == nil && hit.header("RateLimit-Policy") == nil)
        let second = try client.get("/avatar/Rate%20Two?size=32")
        #expect(second.header("RateLimit") == "\"render\";r=1;t=2000")
        _ = try client.get("/avatar/Rate%20Three?size=32")
        let refused = try client.get("/avatar/Rate%20Four?size=32", headers: ["Accept: text/plain"])
        #expect(refused.status == 429)
        #expect(refused.header("RateLimit-Policy") == "\"render\";q=3;w=3000")
        #expect(refused.header("RateLimit") == "\"render\";r=0;t=3000")
        // Without a budget there is nothing to report.
        let free = try MonogramProcess()
        #expect(try RawClient(port: free.port).get("/avatar/Rate%20One?size=32").header("RateLimit") == nil)
    }
}
