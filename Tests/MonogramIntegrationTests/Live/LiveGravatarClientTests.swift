import Foundation
import MonogramRender
import Testing

/// `/gravatar/` as real Gravatar and Libravatar client code addresses it: URLs built by the
/// `libgravatar` and `pylibravatar` Python packages (pinned in scripts/requirements-test.txt,
/// installed in .build/venv by scripts/pyenv.sh), their base URL replaced by the test server's,
/// fetched over HTTP and loaded as `<img>` tags in headless Chromium.
@Suite("/gravatar with real client libraries", .serialized)
struct LiveGravatarClientTests {
    /// Prints one JSON object per line: {"case", "url", "status", "side"}. pylibravatar's DNS
    /// lookup of the delegation server is skipped (compose_avatar_url with no server): that is
    /// the part that needs the network, not the URL it builds.
    static let script = #"""
        import json, sys
        from libgravatar import Gravatar
        import libravatar
        base = sys.argv[1]
        def gravatar(case, email, status, side, **options):
            url = Gravatar(email).get_image(use_ssl=False, **options)
            assert url.startswith("http://www.gravatar.com/avatar/"), url
            print(json.dumps({"case": case, "url": base + url[len("http://www.gravatar.com/avatar/"):], "status": status, "side": side}))
        def libravatar_case(case, email, status, side, default=None, size=None):
            digest, _ = libravatar.parse_user_identity(email, None)
            url = libravatar.compose_avatar_url(None, digest, libravatar.parse_options(default, size), False)
            assert url.startswith(libravatar.BASE_URL), url
            print(json.dumps({"case": case, "url": base + url[len(libravatar.BASE_URL):], "status": status, "side": side}))
        gravatar("known", " Jane.Doe@Example.com ", 200, 100, size=100, default="404")
        gravatar("known-jpg", "jane.doe@example.com", 200, 80, filetype_extension=True, default="404")
        gravatar("unknown-404", "nobody@example.com", 404, 0, default="404")
        gravatar("identicon", "nobody@example.com", 200, 64, size=64, default="identicon")
        gravatar("forced", "jane.doe@example.com", 404, 0, default="404", force_default=True)
        gravatar("rated", "jane.doe@example.com", 200, 48, size=48, rating="pg")
        gravatar("redirect", "nobody@example.com", 302, 0, default="https://cdn.example/default.png")
        libravatar_case("libravatar-known", "Jane.Doe@example.com", 200, 80, default="404", size=80)
        libravatar_case("libravatar-mm", "nobody@example.com", 200, 96, default="mm", size=96)
        """#

    struct ClientURL: Decodable {
        let `case`: String
        let url: String
        let status: Int
        let side: Int
    }

    static func urls(base: String) throws -> [ClientURL] {
        let python = MonogramProcess.packageRoot + "/.build/venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw MonogramProcess.StartError(description: "\(python) missing: run scripts/pyenv.sh (make test does)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, base]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            try JSONDecoder().decode(ClientURL.self, from: Data($0.utf8))
        }
    }

    static func start() throws -> MonogramProcess {
        let path = try GravatarSupport.writeDirectory("email,name\njane.doe@example.com,Jane Doe\n")
        return try MonogramProcess(config: ["gravatar": ["directory": path]])
    }

    @Test("URLs from libgravatar and pylibravatar get the answers their parameters ask for")
    func clientURLs() throws {
        let server = try Self.start()
        let base = "http://127.0.0.1:\(server.port)/gravatar/"
        let urls = try Self.urls(base: base)
        #expect(urls.count == 9)
        let avatar = try RawClient(port: server.port).get("/avatar/Jane%20Doe?size=100&id=jane.doe%40example.com")
        for url in urls {
            let target = String(url.url.dropFirst("http://127.0.0.1:\(server.port)".count))
            let answer = try RawClient(port: server.port).get(target)
            #expect(answer.status == url.status, "\(url.case): \(url.url)")
            if url.side > 0 && url.url.contains(".jpg") {
                // libgravatar's filetype_extension asks for `.jpg`: a real JPEG (API §11).
                #expect(answer.header("Content-Type") == "image/jpeg", "\(url.case)")
                #expect(try JPEGCodec.decode(answer.body).image.width == url.side, "\(url.case)")
            } else if url.side > 0 {
                #expect(answer.header("Content-Type") == "image/png", "\(url.case)")
                #expect(try PNGCodecSide.side(answer.body) == url.side, "\(url.case)")
            }
            if url.case == "known" { #expect(try GravatarSupport.samePixels(answer.body, avatar.body)) }
            if url.case == "redirect" { #expect(answer.header("Location") == "https://cdn.example/default.png") }
        }
    }

    @Test("a page of <img> tags with those URLs loads every image at its size in Chromium; d=404 shows as broken")
    func chromium() throws {
        let server = try Self.start()
        let urls = try Self.urls(base: "http://127.0.0.1:\(server.port)/gravatar/").filter { $0.status != 302 }
        let page = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>gravatar</title></head><body>
            \(urls.map { "<img id=\"\($0.case)\" alt=\"\($0.case)\" src=\"\($0.url)\">" }.joined(separator: "\n"))
            </body></html>
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-gravatar-\(UUID().uuidString).html")
        try page.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let browser = try HeadlessChromium()
        try browser.open(file.absoluteString)
        let text = try #require(try browser.evaluate("""
            Promise.all([...document.images].map((img) => img.complete ? 0 : new Promise((r) => { img.onload = img.onerror = r; })))
              .then(() => JSON.stringify(Object.fromEntries([...document.images].map((img) => [img.id, img.naturalWidth]))))
            """) as? String)
        let widths = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int])
        for url in urls {
            #expect(widths[url.case] == url.side, "\(url.case): \(url.url)")
        }
    }
}

/// The width of a PNG, read from its IHDR (the answers are square).
enum PNGCodecSide {
    static func side(_ png: [UInt8]) throws -> Int {
        guard png.count > 24 else { throw MonogramProcess.StartError(description: "not a PNG") }
        return png[16..<20].reduce(0) { $0 << 8 | Int($1) }
    }
}
