import Foundation
import Testing

/// API §11's Libravatar federation path: with `gravatar.avatar_path`, `/avatar/{hash}` is
/// `/gravatar/{hash}` byte for byte, and the clients that use that path (pylibravatar through
/// its DNS SRV delegation, libgravatar with its hard-coded `/avatar/` path) reach the directory.
@Suite("live /avatar/{hash} as /gravatar/{hash} (gravatar.avatar_path)", .serialized)
struct LiveFederationTests {
    static let jane = GravatarSupport.md5("jane.doe@example.com")

    static func start(_ extra: [String: [String: any Sendable]] = [:]) throws -> MonogramProcess {
        let path = try GravatarSupport.writeDirectory("email,name\njane.doe@example.com,Jane Doe\n")
        var config = extra
        config["gravatar", default: [:]]["directory"] = path
        config["gravatar", default: [:]]["avatar_path"] = true
        return try MonogramProcess(config: config)
    }

    @Test("every hash form, suffix and parameter answers exactly what /gravatar answers", arguments: [
        jane + "?s=64&d=404", jane.uppercased(), GravatarSupport.sha256("jane.doe@example.com") + "?s=100",
        jane + ".jpg?s=48", jane + ".png?size=40&d=identicon", String(repeating: "ab", count: 16) + "?d=identicon&s=72",
        String(repeating: "0", count: 32) + "?d=404", String(repeating: "c", count: 64) + "?d=mp&f=y",
    ])
    func byteEqual(_ rest: String) throws {
        let server = try Self.start()
        let client = try RawClient(port: server.port)
        let viaAvatar = try client.get("/avatar/" + rest)
        let viaGravatar = try client.get("/gravatar/" + rest)
        #expect(viaAvatar.status == viaGravatar.status)
        #expect(viaAvatar.body == viaGravatar.body)
        for name in ["Content-Type", "ETag", "Cache-Control", "X-Avatar-Source", "Location"] {
            #expect(viaAvatar.header(name) == viaGravatar.header(name), "\(name)")
        }
    }

    @Test("names stay names: 31 or 33 hex digits, a non-hex name, and everything when the key is off")
    func namesStayNames() throws {
        let server = try Self.start()
        let client = try RawClient(port: server.port)
        // A name of 32 hex digits with one percent-encoded is a name: only the raw segment counts.
        for name in [String(Self.jane.dropLast()), Self.jane + "a", "Jane%20Doe", "%3" + Self.jane] {
            let answer = try client.get("/avatar/\(name)?size=40")
            #expect(answer.status == 200 && answer.header("Cache-Control") == "public, max-age=604800", "\(name)")
        }
        let off = try MonogramProcess()
        let asName = try RawClient(port: off.port).get("/avatar/\(Self.jane)?s=64&d=404")
        #expect(asName.status == 200 && asName.header("X-Avatar-Source") == "initials")
        #expect(asName.header("X-Avatar-Ignored") == "d, s")
    }

    @Test("with signatures required, /avatar/{hash} is the unsigned /gravatar route; /avatar/{name} still needs sig")
    func signatures() throws {
        let server = try Self.start(["security": ["require_signature": true, "signing_keys": ["a federation test signing key"]]])
        let client = try RawClient(port: server.port)
        #expect(try client.get("/avatar/\(Self.jane)?s=64&d=404").status == 200)
        #expect(try client.get("/avatar/Jane%20Doe").status == 403)
    }

    /// pylibravatar's real federation code: the `_avatars._tcp` SRV lookup answered with this
    /// server (the DNS resolver is the only thing replaced), libgravatar's URL with its host
    /// replaced, and pylibravatar's BASE_URL pointed at `/avatar/`.
    static let script = #"""
        import json, sys, types
        import dns.resolver, libravatar
        from libgravatar import Gravatar
        host, port = sys.argv[1], int(sys.argv[2])
        asked = []
        def resolve(name, kind):
            asked.append(name)
            return [types.SimpleNamespace(priority=0, weight=0, port=port, target=host + ".")]
        dns.resolver.resolve = resolve
        out = {}
        out["federated"] = libravatar.libravatar_url(email="Jane.Doe@example.com", size=80, default="404")
        out["srv"] = asked[0]
        out["gravatar"] = Gravatar("jane.doe@example.com").get_image(size=64, default="identicon", use_ssl=False).replace("http://www.gravatar.com", "http://%s:%d" % (host, port))
        libravatar.BASE_URL = "http://%s:%d/avatar/" % (host, port)
        digest, _ = libravatar.parse_user_identity("jane.doe@example.com", None)
        out["base_url"] = libravatar.compose_avatar_url(None, digest, libravatar.parse_options("mm", 96), False)
        print(json.dumps(out))
        """#

    @Test("pylibravatar's SRV federation, its BASE_URL, and libgravatar's /avatar/ path reach the directory")
    func clients() throws {
        let server = try Self.start()
        let python = MonogramProcess.packageRoot + "/.build/venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw MonogramProcess.StartError(description: "\(python) missing: run scripts/pyenv.sh (make test does)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.script, "127.0.0.1", String(server.port)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let urls = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        #expect(urls["srv"] == "_avatars._tcp.example.com")
        let client = try RawClient(port: server.port)
        let prefix = "http://127.0.0.1:\(server.port)"
        for key in ["federated", "gravatar", "base_url"] {
            let url = try #require(urls[key])
            #expect(url.hasPrefix(prefix + "/avatar/"), "\(key): \(url)")
            let target = String(url.dropFirst(prefix.count))
            let answer = try client.get(target)
            #expect(answer.status == 200, "\(key): \(url)")
            let same = try client.get(target.replacingOccurrences(of: "/avatar/", with: "/gravatar/"))
            #expect(answer.body == same.body && answer.header("ETag") == same.header("ETag"), "\(key)")
        }
        // The directory's entry, not a name made of hex digits.
        #expect(try client.get(String(urls["federated"]!.dropFirst(prefix.count))).header("X-Avatar-Source") == "initials")
        let avatar = try client.get("/avatar/Jane%20Doe?size=80&id=jane.doe%40example.com")
        #expect(try GravatarSupport.samePixels(client.get(String(urls["federated"]!.dropFirst(prefix.count))).body, avatar.body))
    }
}
