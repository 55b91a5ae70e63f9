import Foundation
import MonogramRender
import Testing

/// `/gravatar/{hash}` end to end (API §7): the real binary with a directory file.
@Suite("live /gravatar with a directory")
struct LiveGravatarTests {
    static let directory = """
        email,name,picture,id
        Jane.Doe@Example.com,Jane Doe,,
        bob@example.com,Bob Roe,,emp-7
        "broken"row@example.com,X,,

        """

    static func md5(_ text: String) -> String { GravatarSupport.hex(GravatarSupport.md5(text)) }
    static func sha256(_ text: String) -> String { GravatarSupport.hex(GravatarSupport.sha256(text)) }
    static let unknown = md5("nobody@example.com")

    static func start(_ text: String = directory, gravatar: [String: any Sendable] = [:], config: [String: [String: any Sendable]] = [:]) throws -> (MonogramProcess, String) {
        let path = try GravatarSupport.writeDirectory(text)
        var sections = config
        sections["gravatar", default: [:]]["directory"] = path
        for (key, value) in gravatar { sections["gravatar", default: [:]][key] = value }
        return (try MonogramProcess(config: sections), path)
    }

    func get(_ server: MonogramProcess, _ target: String, headers: [String] = []) throws -> RawClient.Response {
        try RawClient(port: server.port).get(target, headers: headers)
    }

    @Test("a known hash, by MD5 or SHA-256 in either case and with .png or no suffix, draws the entry as /avatar draws it", arguments: [
        md5("jane.doe@example.com"), md5("jane.doe@example.com").uppercased() + ".png", sha256("jane.doe@example.com") + ".png",
    ])
    func knownHash(segment: String) throws {
        let (server, _) = try Self.start()
        let answer = try get(server, "/gravatar/\(segment)?s=100&d=404")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "image/png")
        #expect(answer.header("X-Avatar-Source") == "initials")
        #expect(answer.header("Cache-Control") == "public, max-age=300")
        for name in ["X-Content-Type-Options", "Access-Control-Allow-Origin", "Access-Control-Expose-Headers", "Cross-Origin-Resource-Policy", "ETag", "Date"] {
            #expect(answer.header(name) != nil, "\(name) missing")
        }
        let avatar = try get(server, "/avatar/Jane%20Doe?size=100&id=jane.doe%40example.com")
        #expect(try GravatarSupport.samePixels(answer.body, avatar.body))
    }

    @Test("a .jpg or .jpeg suffix (or format=jpeg) answers a real JPEG of s pixels: the entry as /avatar/….jpg draws it", arguments: [
        md5("jane.doe@example.com") + ".jpg", sha256("jane.doe@example.com").uppercased() + ".jpeg", md5("jane.doe@example.com") + "?format=jpeg&",
    ])
    func jpegSuffix(segment: String) throws {
        let (server, _) = try Self.start()
        let separator = segment.contains("?") ? "" : "?"
        let answer = try get(server, "/gravatar/\(segment)\(separator)s=100&d=404")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "image/jpeg")
        let decoded = try JPEGCodec.decode(answer.body).image
        #expect(decoded.width == 100 && decoded.height == 100)
        let avatar = try JPEGCodec.decode(get(server, "/avatar/Jane%20Doe.jpg?size=100&id=jane.doe%40example.com").body).image
        #expect(decoded == avatar)
        // The PNG of the same hash is another answer with another ETag.
        let png = try get(server, "/gravatar/\(Self.md5("jane.doe@example.com"))?s=100&d=404")
        #expect(png.header("Content-Type") == "image/png")
        #expect(png.header("ETag") != answer.header("ETag"))
    }

    @Test("the id column is the colour key, as /avatar/{name}?id={key} colours it")
    func idColumn() throws {
        let (server, _) = try Self.start()
        let answer = try get(server, "/gravatar/\(Self.md5("bob@example.com"))?s=64")
        let avatar = try get(server, "/avatar/Bob%20Roe?size=64&id=emp-7")
        #expect(try GravatarSupport.samePixels(answer.body, avatar.body))
        let other = try get(server, "/avatar/Bob%20Roe?size=64&id=bob%40example.com")
        #expect(try !GravatarSupport.samePixels(answer.body, other.body))
        #expect(try get(server, "/metrics").text.contains(#"monogram_http_requests_total{route="gravatar",code="2xx"} 1"#))
    }

    @Test("304 for the ETag, and HEAD has the headers without the body")
    func revalidation() throws {
        let (server, _) = try Self.start()
        let target = "/gravatar/\(Self.md5("jane.doe@example.com"))"
        let first = try get(server, target)
        let etag = try #require(first.header("ETag"))
        let again = try get(server, target, headers: ["If-None-Match: \(etag)"])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        let client = try RawClient(port: server.port)
        try client.send("HEAD \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(head: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == first.header("Content-Length"))
        #expect(head.header("ETag") == etag)
    }

    @Test("unknown hashes answer d: 404, mp, initials, none")
    func defaults() throws {
        let (server, _) = try Self.start()
        #expect(try get(server, "/gravatar/\(Self.unknown)?d=404").status == 404)
        let placeholder = try get(server, "/avatar/?size=80")
        for query in ["", "?d=mp", "?default=mm", "?d=nonsense", "?d=initials"] {
            let answer = try get(server, "/gravatar/\(Self.unknown)\(query)")
            #expect(answer.status == 200)
            #expect(answer.header("X-Avatar-Source") == "placeholder", "\(query)")
            #expect(try GravatarSupport.samePixels(answer.body, placeholder.body), "\(query)")
        }
        let initials = try get(server, "/gravatar/\(Self.unknown)?d=initials&name=Ann+Lee&s=64")
        #expect(initials.header("X-Avatar-Source") == "initials")
        #expect(try GravatarSupport.samePixels(initials.body, get(server, "/avatar/Ann%20Lee?size=64").body))
    }

    @Test("blank is transparent, color one colour, identicon mirrored")
    func drawnDefaults() throws {
        let (server, _) = try Self.start()
        let blank = try PNGCodec.decode(get(server, "/gravatar/\(Self.unknown)?d=blank&s=40").body)
        #expect(blank.width == 40)
        #expect((0..<40).allSatisfy { y in (0..<40).allSatisfy { blank[$0, y].alpha == 0 } })
        let color = try PNGCodec.decode(get(server, "/gravatar/\(Self.unknown)?d=color&s=40").body)
        #expect(color[0, 0].alpha == 255)
        #expect((0..<40).allSatisfy { y in (0..<40).allSatisfy { color[$0, y] == color[0, 0] } })
        for style in ["identicon", "retro", "robohash", "wavatar", "monsterid"] {
            let icon = try PNGCodec.decode(get(server, "/gravatar/\(Self.unknown)?d=\(style)&s=120").body)
            #expect(icon.width == 120)
            #expect((0..<120).allSatisfy { y in (0..<120).allSatisfy { icon[$0, y] == icon[119 - $0, y] } }, "\(style) not mirrored")
        }
    }

    @Test("f=y answers the default for a known hash")
    func forceDefault() throws {
        let (server, _) = try Self.start()
        #expect(try get(server, "/gravatar/\(Self.md5("jane.doe@example.com"))?d=404&f=y").status == 404)
        #expect(try get(server, "/gravatar/\(Self.md5("jane.doe@example.com"))?d=404&forcedefault=y").status == 404)
    }

    @Test("sizes are clamped into 16…render.max_size, never a 400", arguments: [
        ("s=1", 16), ("size=2048", 1024), ("s=5000", 80), ("s=x", 80), ("", 80), ("s=64&s=9", 64),
    ])
    func sizes(query: String, side: Int) throws {
        let (server, _) = try Self.start()
        let answer = try get(server, "/gravatar/\(Self.unknown)?\(query)")
        #expect(answer.status == 200)
        #expect(try PNGCodec.decode(answer.body).width == side)
    }

    @Test("not a hash is a 404", arguments: ["abc", String(repeating: "a", count: 33), String(repeating: "g", count: 32), "\(String(repeating: "a", count: 32)).gif", "\(String(repeating: "a", count: 32))/x"])
    func notAHash(segment: String) throws {
        let (server, _) = try Self.start()
        #expect(try get(server, "/gravatar/\(segment)").status == 404)
    }

    @Test("d=URL redirects, only to redirect_hosts when they are set")
    func redirects() throws {
        let (open, _) = try Self.start()
        let answer = try get(open, "/gravatar/\(Self.unknown)?d=https%3A%2F%2Fcdn.example%2Fdefault.png")
        #expect(answer.status == 302)
        #expect(answer.header("Location") == "https://cdn.example/default.png")
        #expect(answer.header("Access-Control-Allow-Origin") == "*")
        let (limited, _) = try Self.start(gravatar: ["redirect_hosts": ["cdn.example"]])
        #expect(try get(limited, "/gravatar/\(Self.unknown)?d=https%3A%2F%2Fcdn.example%2Fx.png").status == 302)
        let refused = try get(limited, "/gravatar/\(Self.unknown)?d=https%3A%2F%2Fevil.example%2Fx.png")
        #expect(refused.status == 200)
        #expect(refused.header("X-Avatar-Source") == "placeholder")
        #expect(try get(limited, "/gravatar/\(Self.unknown)?d=https%3A%2F%2Fcdn.example%40evil.example%2Fx.png").status == 200)
    }

    @Test("SIGHUP reloads the directory: a changed entry draws anew with another ETag; a bad file keeps the previous one")
    func reload() throws {
        let (server, path) = try Self.start(gravatar: ["reload_interval": 3600])
        let target = "/gravatar/\(Self.md5("jane.doe@example.com"))?s=64"
        let before = try get(server, target)
        #expect(MonogramProcess.waitForOutput { server.stdoutText.contains("2 addresses loaded") })
        try "email,name\njane.doe@example.com,Erin Roe\n".write(toFile: path, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(MonogramProcess.waitForOutput { server.stdoutText.contains("1 addresses loaded") })
        let after = try get(server, target)
        #expect(after.header("ETag") != before.header("ETag"))
        #expect(try GravatarSupport.samePixels(after.body, get(server, "/avatar/Erin%20Roe?size=64&id=jane.doe%40example.com").body))
        try "email,name\n\"unterminated@example.com,A\n".write(toFile: path, atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(MonogramProcess.waitForOutput { server.stdoutText.contains("rejected, previous directory kept") })
        let kept = try get(server, target)
        #expect(kept.status == 200)
        #expect(kept.header("ETag") == after.header("ETag"))
        #expect(server.process.isRunning)
    }

    @Test("a changed modification time reloads without a signal")
    func reloadOnModification() throws {
        let (server, path) = try Self.start(gravatar: ["reload_interval": 0.2])
        #expect(MonogramProcess.waitForOutput { server.stdoutText.contains("2 addresses loaded") })
        try "email,name\nnew@example.com,New Person\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(MonogramProcess.waitForOutput { server.stdoutText.contains("1 addresses loaded") })
        #expect(try get(server, "/gravatar/\(Self.md5("new@example.com"))?d=404").status == 200)
    }

    @Test("a directory that cannot be used at start-up is logged and the service runs without it")
    func badAtStart() throws {
        let (server, _) = try Self.start("name,mail\nA,a@example.com\n")
        #expect(server.stdoutText.contains("rejected, no directory loaded"))
        #expect(try get(server, "/gravatar/\(Self.md5("a@example.com"))?d=404").status == 404)
    }

    @Test("a skipped row is logged with its line number, never with an address")
    func logsLines() throws {
        let (server, _) = try Self.start()
        _ = try get(server, "/gravatar/\(Self.md5("jane.doe@example.com"))")
        #expect(server.stdoutText.contains("line 4: text after a closing quote"))
        #expect(!server.stdoutText.lowercased().contains("jane.doe@example.com"))
        #expect(!server.stdoutText.contains("broken"))
    }

    @Test("an entry's picture, else the upstream's, else the initials")
    func pictures() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let allowed: [String: any Sendable] = ["allowed_hosts": ["127.0.0.1:\(origin.port)"], "total_timeout": 2, "connect_timeout": 1]
        let text = "email,name,picture\nwith@example.com,With Picture,\(origin.url("/png"))\nbroken@example.com,Broken Picture,\(origin.url("/text"))\nplain@example.com,No Picture,\n"
        let (server, _) = try Self.start(text, gravatar: ["upstream": origin.url("/upstream/")], config: ["pictures": allowed])
        #expect(try get(server, "/gravatar/\(Self.md5("with@example.com"))?s=48").header("X-Avatar-Source") == "picture")
        // Its own picture is not an image: the upstream's is drawn instead.
        #expect(try get(server, "/gravatar/\(Self.md5("broken@example.com"))?s=48").header("X-Avatar-Source") == "picture")
        let hash = Self.md5("plain@example.com")
        #expect(try get(server, "/gravatar/\(hash)?s=48").header("X-Avatar-Source") == "picture")
        // Every size of one hash is drawn from one upstream fetch, at the largest size.
        for size in [49, 64, 100, 200] {
            #expect(try get(server, "/gravatar/\(hash)?s=\(size)").header("X-Avatar-Source") == "picture")
        }
        #expect(origin.count("/upstream/\(hash)?s=1024&d=404") == 1)
        #expect(origin.count("/upstream/\(hash)?s=48&d=404") == 0)
        // Unknown hashes never go upstream.
        _ = try get(server, "/gravatar/\(Self.unknown)?s=48")
        #expect(origin.count("/upstream/\(Self.unknown)?s=1024&d=404") == 0)

        let (noUpstream, _) = try Self.start(text, gravatar: ["upstream": origin.url("/none/")], config: ["pictures": allowed])
        let answer = try get(noUpstream, "/gravatar/\(hash)?s=48")
        #expect(answer.header("X-Avatar-Source") == "initials")
        #expect(answer.header("Cache-Control") == "public, max-age=300")
        #expect(origin.count("/none/\(hash)?s=1024&d=404") == 1)
    }
}
