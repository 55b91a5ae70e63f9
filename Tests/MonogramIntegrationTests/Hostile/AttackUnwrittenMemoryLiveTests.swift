import Foundation
import Testing

/// Live: renders draw on memory that is never cleared (malloc'd, and a worker's freed surface
/// comes straight back to it). Pictures from a loopback origin, opaque and half transparent,
/// are drawn first on the one render worker, each followed by faces that leave pixels
/// transparent or translucent at the same size; each face must be byte for byte what a server
/// that never drew a picture gives.
@Suite("attack: never-cleared render memory against the live server")
struct AttackUnwrittenMemoryLiveTests {
    static let faces = [
        "/avatar/Jane%20Roe?size=64&bg=transparent&shape=circle", "/avatar/?size=64&bg=transparent",
        "/avatar/Wu%20Ming?size=64&bg=%2320904080&shape=rounded&radius=0.3", "/avatar/Ali?size=64&bg=transparent&shape=squircle",
        "/avatar/Jane%20Roe.webp?size=64&bg=transparent", "/avatar/%F0%9F%87%AB%F0%9F%87%B7?size=32&dpr=2&bg=transparent&shape=circle",
        "/avatar/Bo?size=64&bg=transparent&shape=square", "/avatar/Cy?size=64&bg=%23FFFFFF01&shape=circle",
        "/avatar/?size=64&bg=transparent&shape=circle", "/avatar/Di?size=64&theme=dark&bg=transparent&shape=rounded",
    ]

    @Test("faces drawn after pictures are the bytes of a server that drew no picture")
    func facesAfterPictures() throws {
        let origin = try OriginServer()
        defer { origin.stop() }
        let config: [String: [String: any Sendable]] = [
            "render": ["workers": 1],
            "pictures": ["allowed_hosts": ["127.0.0.1:\(origin.port)"], "max_bytes": 200_000, "connect_timeout": 1, "total_timeout": 5],
        ]
        let fresh = try MonogramProcess(config: config)
        let freshClient = try RawClient(port: fresh.port)
        let expected = try Self.faces.map { try freshClient.get($0).body }

        let server = try MonogramProcess(config: config)
        let client = try RawClient(port: server.port)
        var failures: [String] = []
        for (index, face) in Self.faces.enumerated() {
            // Each face once (a second ask would be an answer-cache hit), right after a picture.
            let path = index % 2 == 0 ? "/png" : "/half-alpha"
            let picture = origin.url(path).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let drawn = try client.get("/avatar/P\(index)?size=64&picture=\(picture)&shape=square")
            #expect(drawn.status == 200 && drawn.header("X-Avatar-Source") == "picture", "picture \(path)")
            let answer = try client.get(face)
            if answer.status != 200 || answer.body != expected[index] { failures.append("\(face) after \(path)") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }
}
