import Foundation
import Testing

/// Issue 21: a client that reads slowly but steadily receives every answer whole. Before, the
/// write timeout saw no progress while epoll waited for a third of the (~4 MiB) send buffer to
/// drain, and cut such a reader off mid-answer (with `write_timeout: 1` and 10 pipelined
/// 586 KB answers read at ~800 KB/s: 3.6 of 5.9 MB arrived).
@Suite("live: slow steady readers")
struct LiveSlowReaderTests {
    static let target = "/avatar/Jane%20Doe?size=1024&dpr=4&font-size=0.9&shape=circle"

    @Test("ten pipelined 586 KB answers read 16 KiB at a time with pauses all arrive whole, with a 1 s write_timeout")
    func steadyReaderCompletes() throws {
        let server = try MonogramProcess(config: ["server": ["write_timeout": 1, "idle_timeout": 60]])
        let warm = try RawClient(port: server.port).get(Self.target)
        #expect(warm.status == 200 && warm.body.count > 400_000)
        let client = try RawClient(port: server.port)
        client.limitBuffers(to: 16384)
        try client.send(String(repeating: "GET \(Self.target) HTTP/1.1\r\nHost: t\r\n\r\n", count: 10))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        var answers = 0
        while answers < 10 {
            let count = recv(client.fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received += chunk[0..<count]
            answers = Self.completeAnswers(in: received, bodyBytes: warm.body.count)
            usleep(20_000)  // the reader's pace, not a wait for the server
        }
        #expect(answers == 10, "\(received.count) bytes arrived before the connection ended")
    }

    /// How many whole answers of `bodyBytes` each `received` holds.
    static func completeAnswers(in received: [UInt8], bodyBytes: Int) -> Int {
        let separator = Array("\r\n\r\n".utf8)
        var offset = 0
        var count = 0
        while offset + separator.count <= received.count {
            guard let end = (offset...(received.count - separator.count)).first(where: {
                received[$0] == 13 && Array(received[$0..<$0 + 4]) == separator
            }) else { break }
            let next = end + 4 + bodyBytes
            guard next <= received.count else { break }
            count += 1
            offset = next
        }
        return count
    }
}
