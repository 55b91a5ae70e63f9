import Foundation
import MonogramSync
import Testing

/// Live: clients asking two render workers for many different text sizes at once (`size`,
/// `font-size`, `font` and `bold` make a new cairo scaled font almost every time) crashed the
/// server in cairo 1.16's glyph page cache (see `GlyphCacheLock`): without the lock, about one
/// run in three of this test (AttackGlyphCacheTests, in process, crashes every time). Every
/// answer must be a picture and the server must still serve afterwards.
@Suite("attack: many text sizes at once against the live server")
struct AttackGlyphCacheLiveTests {
    static let fonts = ["DejaVu%20Sans", "Noto%20Sans", "Noto%20Serif", "DejaVu%20Serif", "DejaVu%20Sans%20Mono"]

    @Test("four clients asking for a thousand of text sizes each get pictures and leave the server serving")
    func manyTextSizes() throws {
        let server = try MonogramProcess(config: ["render": ["workers": 2]])
        let statuses = Locked([Int: Int]())
        let group = DispatchGroup()
        for client in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                guard let connection = try? RawClient(port: server.port) else { return }
                for step in 0..<1000 {
                    let scale = 100 + (step * 7 + client * 3) % 901 // font-size 0.100 … 1.000
                    let target = "/avatar/\(["Jane%20Roe", "%E7%8E%8B%E5%B0%8F%E6%98%8E", "%D9%85%D8%AD%D9%85%D8%AF%20%D8%B9%D9%84%D9%8A", "Wu%20Ming"][step % 4])?size=\(16 + (step * 13 + client) % 48)"
                        + "&font-size=\(String(format: "%.3f", Double(scale) / 1000))"
                        + "&font=\(Self.fonts[(step + client) % Self.fonts.count])&bold=\(step % 2 == 0)"
                    let status = (try? connection.get(target).status) ?? 0
                    statuses.withLock { $0[status, default: 0] += 1 }
                }
            }
        }
        group.wait()
        let seen = statuses.withLock { $0 }
        #expect(seen == [200: 4000], "statuses \(seen)")
        #expect(try RawClient(port: server.port).get("/avatar/Still%20Here?size=32").status == 200)
    }
}
