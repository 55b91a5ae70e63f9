import Foundation
import MonogramRender
import Testing

/// `picture=` end to end: the real binary fetching from a local origin (API §3).
@Suite("live picture= against a local origin")
struct LivePictureTests {
    /// The origin's own address is listed (so loopback is allowed for it); `localhost` is
    /// listed by name only, so its loopback address must be refused.
    static func start(_ origin: OriginServer, extra: [String: any Sendable] = [:]) throws -> MonogramProcess {
        var pictures: [String: any Sendable] = [
            "allowed_hosts": ["127.0.0.1:\(origin.port)", "localhost:\(origin.port)"],
            "max_bytes": 200_000, "connect_timeout": 1, "total_timeout": 2,
        ]
        pictures.merge(extra) { $1 }
        return try MonogramProcess(config: ["pictures": pictures])
    }

    static func query(_ url: String, _ rest: String = "") -> String {
        "picture=" + url.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + rest
    }

    @Test("draws PNG, EXIF-rotated JPEG and WebP pictures cropped into the shape", arguments: [
        ("/png", 600), ("/jpeg-rotated", 60), ("/webp", 60), ("/redirect-inside", 600),
    ])
    func picture(path: String, maxAge: Int) throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try Self.start(origin)
        let response = try RawClient(port: server.port).get("/avatar/Jane?size=48&shape=circle&" + Self.query(origin.url(path)))
        #expect(response.status == 200)
        #expect(response.header("X-Avatar-Source") == "picture")
        #expect(response.header("Cache-Control") == "public, max-age=\(maxAge)")
        let image = try PNGCodec.decode(response.body)
        #expect(image.width == 48)
        let expected: [(Int, Int, (UInt8, UInt8, UInt8))] = [
            (12, 12, (255, 0, 0)), (36, 12, (0, 200, 0)), (12, 36, (0, 0, 255)), (36, 36, (255, 255, 0)),
        ]
        for (x, y, colour) in expected {
            let p = image[x, y]
            let close = abs(Int(p.red) - Int(colour.0)) <= 30 && abs(Int(p.green) - Int(colour.1)) <= 30
                && abs(Int(p.blue) - Int(colour.2)) <= 30 && p.alpha == 255
            #expect(close, "\(path) at (\(x), \(y)): \(p)")
        }
        #expect(image[0, 0].alpha == 0, "outside the circle is transparent")
        let metrics = try RawClient(port: server.port).get("/metrics").text
        #expect(metrics.contains("monogram_picture_fetches_total{outcome=\"fetched\"} 1\n"))
    }

    @Test("falls back to the initials, briefly cacheable, when the picture cannot be used", arguments: [
        "/text", "/truncated", "/large", "/large-chunked", "/bomb", "/slow", "/missing", "/redirect-outside", "/loop",
    ])
    func fallback(path: String) throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try Self.start(origin)
        let client = try RawClient(port: server.port)
        let response = try client.get("/avatar/Jane%20Roe?size=48&" + Self.query(origin.url(path)))
        #expect(response.status == 200)
        #expect(response.header("X-Avatar-Source") == "initials")
        #expect(response.header("Cache-Control") == "public, max-age=300")
        #expect(response.header("Content-Type") == "image/png")
        let plain = try client.get("/avatar/Jane%20Roe?size=48")
        #expect(response.body == plain.body, "the fallback is the initials avatar itself")
        #expect(response.header("ETag") != plain.header("ETag"))

        let notFound = try client.get("/avatar/Jane%20Roe?size=64&fallback=404&" + Self.query(origin.url(path)))
        #expect(notFound.status == 404)
        #expect(notFound.header("Cache-Control") == "public, max-age=300")
        // The failure is remembered: the second request (another size) did not fetch again.
        // The loop is followed for max_redirects (3) hops after the first request, no more.
        #expect(origin.count(path) == (path == "/loop" ? 4 : 1))
    }

    @Test("SVG embeds the picture; JSON describes the initials")
    func otherFormats() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try Self.start(origin)
        let client = try RawClient(port: server.port)
        let svg = try client.get("/avatar/Jane.svg?size=48&shape=rounded&" + Self.query(origin.url("/png")))
        #expect(svg.status == 200)
        #expect(svg.header("X-Avatar-Source") == "picture")
        #expect(svg.text.contains("<image"))
        let json = try client.get("/avatar/Jane.json?" + Self.query(origin.url("/png")))
        #expect(json.status == 200)
        #expect(json.text.contains(#""initials":"J""#))
    }

    @Test("an empty name without its picture draws the placeholder")
    func placeholder() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try Self.start(origin)
        let response = try RawClient(port: server.port).get("/avatar/?" + Self.query(origin.url("/missing")))
        #expect(response.status == 200)
        #expect(response.header("X-Avatar-Source") == "placeholder")
    }

    @Test("a host outside the allow-list is a 400 naming it", arguments: [
        ("http://evil.example/p.png", "evil.example"), ("http://127.0.0.1:1/p.png", "127.0.0.1:1"),
        ("http://169.254.169.254/latest/meta-data", "169.254.169.254"),
    ])
    func notAllowed(url: String, host: String) throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try Self.start(origin)
        let response = try RawClient(port: server.port).get("/avatar/Jane?" + Self.query(url))
        #expect(response.status == 400)
        #expect(response.text == "picture host \(host) is not allowed\n")
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test("a listed host name that resolves to loopback is refused without connecting")
    func privateAddressRefused() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try Self.start(origin)
        let response = try RawClient(port: server.port).get("/avatar/Jane?" + Self.query(origin.url("/png?via=localhost", host: "localhost")))
        #expect(response.status == 200)
        #expect(response.header("X-Avatar-Source") == "initials")
        #expect(origin.count("/png?via=localhost") == 0)
    }

    @Test("an https URL whose host speaks no TLS falls back to the initials")
    func httpsFailure() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try Self.start(origin)
        let response = try RawClient(port: server.port).get("/avatar/Jane?" + Self.query(origin.url("/png", scheme: "https")))
        #expect(response.status == 200)
        #expect(response.header("X-Avatar-Source") == "initials")
    }

    @Test("/group draws the i-th picture in the i-th face and initials where there is none")
    func groupPictures() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try Self.start(origin)
        let client = try RawClient(port: server.port)
        let target = "/group/Jane,Bob?size=48&" + Self.query(origin.url("/png")) + "&picture="
        let response = try client.get(target)
        #expect(response.status == 200)
        #expect(response.header("X-Avatar-Source") == "picture")
        let image = try PNGCodec.decode(response.body)
        #expect(image.height == 48)
        // Inside the first face's ring (3 px), its quadrants: red, green, blue, yellow.
        let expected: [(Int, Int, (UInt8, UInt8, UInt8))] = [(15, 15, (255, 0, 0)), (33, 15, (0, 200, 0)), (15, 33, (0, 0, 255))]
        for (x, y, colour) in expected {
            let p = image[x, y]
            #expect(abs(Int(p.red) - Int(colour.0)) <= 30 && abs(Int(p.green) - Int(colour.1)) <= 30 && abs(Int(p.blue) - Int(colour.2)) <= 30, "(\(x), \(y)): \(p)")
        }
        // The second face (no picture) shows Bob's own background colour, as on /avatar.
        let bob = try PNGCodec.decode(try client.get("/avatar/Bob?size=48").body)
        let face2 = image[image.width - 8, 24]
        #expect(face2 == bob[40, 24])

        let failing = try client.get("/group/Jane,Bob?size=48&" + Self.query(origin.url("/missing")))
        #expect(failing.status == 200)
        #expect(failing.header("X-Avatar-Source") == "initials")
        #expect(failing.header("Cache-Control") == "public, max-age=300")
        let refused = try client.get("/group/Jane,Bob?" + Self.query("http://evil.example/x.png"))
        #expect(refused.status == 400)
        #expect(refused.text == "picture host evil.example is not allowed\n")
    }

    @Test("many concurrent requests for one picture fetch it once")
    func singleFetch() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let server = try Self.start(origin)
        // Different sizes: different avatars, so only the picture layer can share the fetch.
        let clients = try (0..<8).map { _ in try RawClient(port: server.port) }
        for (index, client) in clients.enumerated() {
            try client.send("GET /avatar/Jane?size=\(32 + index)&\(Self.query(origin.url("/gated"))) HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        origin.gate.signal()
        for client in clients {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.header("X-Avatar-Source") == "picture")
        }
        #expect(origin.count("/gated") == 1)
    }
}
