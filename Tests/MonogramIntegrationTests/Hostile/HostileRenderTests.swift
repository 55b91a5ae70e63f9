import Foundation
import Testing

/// Pathological renders and overload (issue 8): every request gets an answer (a picture, a 4xx
/// or a 503) and the server keeps serving; a full render queue answers 503 at once.
@Suite("pathological renders and overload", .serialized)
struct HostileRenderTests {
    static let combining = "a" + String(repeating: "\u{0301}", count: 127)  // 255 bytes
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    static let pathologicalTargets = [
        "/avatar/\(encoded(combining))?size=512",
        "/avatar/\(encoded(combining))?initials=\(encoded("a" + String(repeating: "\u{0301}", count: 60)))",
        "/avatar/\(encoded(String(repeating: family + " ", count: 14)))?size=256",
        "/avatar/\(encoded(String(repeating: family, count: 100)))",
        "/avatar/\(encoded(String(repeating: "\u{1F469}\u{200D}", count: 100)))",
        "/avatar/\(encoded("\u{202E}Jane \u{202D}Doe\u{202C}\u{2067}x"))?size=64",
        "/avatar/\(encoded("\u{202E}"))?initials=\(encoded("\u{202E}AB"))",
        "/avatar/Big%20Render?size=1024&dpr=4&shape=circle",
        "/avatar/Big%20Render.svg?size=1024&dpr=4",
        "/avatar/\(encoded(String(repeating: "\u{0BCD}\u{0B95}", count: 40)))?size=1024&dpr=4",
    ]

    /// One server, one request at a time: each answer must come before the next is asked.
    @Test("pathological names and sizes are answered and leave the server serving")
    func pathological() throws {
        let server = try MonogramProcess(config: ["render": ["workers": 1, "timeout": 2]])
        let client = try RawClient(port: server.port)
        for target in Self.pathologicalTargets {
            let response = try client.get(target)
            #expect([200, 400, 503].contains(response.status), "status \(response.status) for \(target.prefix(60))")
            if response.status == 200 { #expect(response.body.count > 0) }
        }
        #expect(try client.get("/avatar/After?size=16").status == 200)
        // One 4096 px RGBA surface is 64 MiB; nothing here may need much more than that.
        #expect(server.residentBytes < 320 << 20)
    }

    @Test("a render storm past the queue gets immediate 503s with Retry-After while cache hits keep being served")
    func storm() throws {
        // A generous write timeout: the 24 answers are read one after another, and on a loaded machine
        // a large one may sit unread longer than the default 10 s without that being the bug.
        let server = try MonogramProcess(config: ["render": ["workers": 1, "queue": 2, "timeout": 30], "server": ["write_timeout": 120]])
        let warm = try RawClient(port: server.port)
        #expect(try warm.get("/avatar/Cached?size=64").status == 200)

        // Every request is sent before any answer is read, so the queue sees all 24 at once.
        let clients = try (0..<24).map { _ in try RawClient(port: server.port) }
        for (index, client) in clients.enumerated() {
            try client.send("GET /avatar/Storm\(index)?size=1024&dpr=4&shape=circle HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        // Asked while the storm is queued or running: hits never wait for the render pool.
        var hits = 0
        for _ in 0..<20 where try warm.get("/avatar/Cached?size=64").status == 200 { hits += 1 }
        #expect(hits == 20)

        let answers = try clients.map { try $0.readResponse() }
        let refused = answers.filter { $0.status == 503 }
        #expect(answers.allSatisfy { $0.status == 200 || $0.status == 503 })
        // One running and two queued succeed for sure; a few more if renders finish while
        // the 24 requests are still arriving.
        #expect(refused.count >= 12, "only \(refused.count) of 24 refused")
        #expect(refused.allSatisfy { $0.header("Retry-After") == "1" })
        #expect(try warm.get("/avatar/After%20Storm?size=16").status == 200)
    }
}
