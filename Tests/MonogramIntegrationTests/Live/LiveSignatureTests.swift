import Foundation
import MonogramClient
import Testing

/// Signed URLs (API §8) end to end: `monogram sign` signs, the server verifies, and the
/// README's JavaScript, Python and PHP snippets — extracted from README.md itself, so the
/// documentation cannot drift — produce exactly what `monogram sign` prints.
@Suite("live signed URLs")
struct LiveSignatureTests {
    static let key = "live-test signing key ✓ 2026"
    static let security: [String: any Sendable] = ["signing_keys": [key, "a retired key, still accepted"], "require_signature": true]

    /// Targets as an application would put them in a page, and some it might not.
    static let targets = [
        "/avatar/Jane%20Doe?size=64",
        "/avatar/Zo%C3%AB%20Kr%C3%A4mer",
        "/avatar/Zoë",
        "/group/Ann,Bob,Cy?max=2&more=true",
        "/avatar/a%2Fb.svg?bg=%23ff0000&v=2",
        "/avatar/x?",
    ]

    @Test("a purge signed by monogram sign /purge BODY is taken with that body only (API §9)")
    func signedPurge() throws {
        let server = try MonogramProcess(config: ["security": Self.security, "cache": ["purge_from": [String]()]])
        let client = try RawClient(port: server.port)
        let body = "tags=monogram"
        let signed = try Self.sign("/purge", body: body, config: server.configPath)
        #expect(signed.hasPrefix("/purge?body="))
        func post(_ target: String, _ body: String) throws -> RawClient.Response {
            try client.send("POST \(target) HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            return try client.readResponse()
        }
        #expect(try post(signed, body).status == 200)
        let replayed = try post(signed, "tags=p-0123456789abcdef")
        #expect(replayed.status == 403)
        #expect(replayed.text.contains("does not match"))
    }

    @Test("the server answers what monogram sign signed, and refuses the unsigned, the altered and the forged")
    func endToEnd() throws {
        let server = try MonogramProcess(config: ["security": Self.security])
        let client = try RawClient(port: server.port)
        for target in ["/avatar/Jane%20Doe?size=64", "/group/Ann,Bob,Cy?max=2&more=true", "/avatar/x?"] {
            let signed = try Self.sign(target, config: server.configPath)
            #expect(try client.get(signed).status == 200, "\(signed)")
        }
        let unsigned = try client.get("/avatar/Jane%20Doe?size=64")
        #expect(unsigned.status == 403)
        #expect(unsigned.text == "signature required: end the query with sig= (see monogram sign)\n")
        let signed = try Self.sign("/avatar/Jane%20Doe?size=64", config: server.configPath)
        #expect(try client.get(signed.replacingOccurrences(of: "size=64", with: "size=65")).status == 403)
        #expect(try client.get(signed + "&size=65").status == 403)
        #expect(try client.get("/healthz").status == 200)
        #expect(try client.get("/metrics").status == 200)
        #expect(try client.get("/").status == 200)
    }

    @Test("exp (API §11): monogram sign --expires 1h is served with max-age clipped to the hour; an exp in the past is 403 expired, cached or not")
    func expiry() throws {
        let server = try MonogramProcess(config: ["security": Self.security])
        let client = try RawClient(port: server.port)
        let before = Int(Date().timeIntervalSince1970)
        let hour = try Self.sign(["--expires", "1h", "/avatar/Jane%20Doe?size=40"], config: server.configPath)
        let exp = try #require(hour.firstMatch(of: /exp=([0-9]+)&sig=/).flatMap { Int($0.1) })
        #expect((before + 3600...Int(Date().timeIntervalSince1970) + 3600).contains(exp))
        let fresh = try client.get(hour)
        #expect(fresh.status == 200)
        let maxAge = try #require(fresh.header("Cache-Control")?.firstMatch(of: /max-age=([0-9]+)/).flatMap { Int($0.1) })
        #expect((3000...3600).contains(maxAge))
        // The same avatar is cached now; a URL for it that expired is refused all the same.
        let past = try Self.sign(["/avatar/Jane%20Doe?size=40&exp=\(before - 1)"], config: server.configPath)
        let expired = try client.get(past, headers: ["Accept: text/plain"])
        #expect(expired.status == 403)
        #expect(expired.text == "expired\n")
        #expect(expired.header("Cache-Control") == "no-store")
        // Far in the future: the configured max-age; signed by the Swift client's signer.
        let far = try URLSignature.sign("/avatar/Jane%20Doe?size=40", with: HMACSigner(key: Self.key), expires: 4_102_444_800)
        let lasting = try client.get(far)
        #expect(lasting.status == 200)
        #expect(lasting.header("Cache-Control") == "public, max-age=604800")
        #expect(lasting.body == fresh.body)
        // Changing exp breaks the signature.
        #expect(try client.get(far.replacingOccurrences(of: "exp=4102444800", with: "exp=4102444801")).status == 403)
    }

    @Test("a full URL is signed by its path and query and printed whole")
    func fullURL() throws {
        let server = try MonogramProcess(config: ["security": Self.security])
        let signed = try Self.sign("https://avatars.example.com/avatar/Jane%20Doe?size=64", config: server.configPath)
        #expect(signed.hasPrefix("https://avatars.example.com/avatar/Jane%20Doe?size=64&sig="))
        let path = String(signed.dropFirst("https://avatars.example.com".count))
        #expect(path == (try Self.sign("/avatar/Jane%20Doe?size=64", config: server.configPath)))
        #expect(try RawClient(port: server.port).get(path).status == 200)
    }

    @Test("monogram sign without a key fails with a message")
    func noKey() throws {
        let result = try Self.run(MonogramProcess.binaryPath, ["sign", "/avatar/x"], environment: [:])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no signing key"))
    }

    @Test("the README's snippets sign exactly as monogram sign does", arguments: ["javascript", "python", "php"])
    func readmeSnippets(language: String) throws {
        let server = try MonogramProcess(config: ["security": Self.security])
        let snippet = try Self.snippet(language)
        let (interpreter, harness, suffix): (String, String, String) = switch language {
        case "javascript": ("node", snippet + "\nconsole.log(signAvatarUrl(process.argv[2], process.argv[3]));\n", "js")
        case "python": ("python3", snippet + "\nimport sys\nprint(sign_avatar_url(sys.argv[1], sys.argv[2]))\n", "py")
        default: ("php", snippet + "\necho sign_avatar_url($argv[1], $argv[2]), \"\\n\";\n", "php")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-sign-\(UUID().uuidString).\(suffix)")
        try harness.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let client = try RawClient(port: server.port)
        for target in Self.targets {
            let expected = try Self.sign(target, config: server.configPath)
            // The snippets sign the target as given, so they are given what the browser sends;
            // monogram sign encodes a raw target (Zoë) that way itself.
            let sent = target == "/avatar/Zoë" ? "/avatar/Zo%C3%AB" : target
            let result = try Self.run("/usr/bin/env", [interpreter, file.path, sent, Self.key], environment: ["PYTHONUTF8": "1", "LC_ALL": "C.UTF-8"])
            #expect(result.status == 0, "\(interpreter): \(result.stderr)")
            #expect(result.stdout == expected + "\n", "\(language) signed \(target)")
            // Everything signed is what a browser sends; the server accepts it.
            #expect(try client.get(expected).status == 200, "\(expected)")
        }
    }

    /// The fenced block after `<!-- signing-snippet: LANGUAGE -->` in README.md.
    static func snippet(_ language: String) throws -> String {
        let readme = try String(contentsOfFile: MonogramProcess.packageRoot + "/README.md", encoding: .utf8)
        guard let marker = readme.range(of: "<!-- signing-snippet: \(language) -->") else {
            throw MonogramProcess.StartError(description: "README.md has no \(language) signing snippet")
        }
        let after = readme[marker.upperBound...]
        guard let open = after.range(of: "```"), let lineEnd = after[open.upperBound...].firstIndex(of: "\n"),
              let close = after[lineEnd...].range(of: "\n```") else {
            throw MonogramProcess.StartError(description: "README.md's \(language) snippet is not a fenced block")
        }
        return String(after[after.index(after: lineEnd)..<close.lowerBound])
    }

    static func sign(_ target: String, body: String? = nil, config: String) throws -> String {
        try sign([target] + (body.map { [$0] } ?? []), config: config)
    }

    /// `monogram sign --config CONFIG ARGUMENTS…`.
    static func sign(_ arguments: [String], config: String) throws -> String {
        let result = try run(MonogramProcess.binaryPath, ["sign", "--config", config] + arguments, environment: [:])
        guard result.status == 0 else { throw MonogramProcess.StartError(description: "monogram sign failed: \(result.stderr)") }
        return String(result.stdout.dropLast())
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MONOGRAM_") }.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
