import Foundation
import Testing

/// Issue 11: what a stranger puts in a request target never splits a log record, in either
/// format; and with `log.format=json` every line the service writes is JSON.
@Suite("live logs: one record per line")
struct LiveLogTests {
    /// `/avatar/a<U+0085>b<U+009B>c` as UTF-8 bytes: the parser passes bytes from 0x80 on.
    static let hostileRequest: [UInt8] = Array("GET /avatar/a".utf8) + [0xC2, 0x85] + Array("b".utf8) + [0xC2, 0x9B]
        + Array("c HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n".utf8)

    @Test("JSON: the access line escapes C1 controls and every stdout line is one JSON object")
    func json() throws {
        let server = try MonogramProcess(config: ["log": ["format": "json"]])
        let client = try RawClient(port: server.port)
        try client.send(LiveLogTests.hostileRequest)
        _ = try client.readResponse()
        #expect(MonogramProcess.waitForOutput { server.stdoutText.contains("/avatar/a\\u0085b\\u009bc") })
        let text = server.stdoutText
        #expect(!text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        for line in text.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not one JSON object: \(line)")
        }
        #expect(text.contains(#""level":"info""#), "the start line follows log.format too")
    }

    @Test("text: the access line shows controls as ?")
    func text() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        try client.send(LiveLogTests.hostileRequest)
        _ = try client.readResponse()
        #expect(MonogramProcess.waitForOutput { server.stdoutText.contains("\"GET /avatar/a?b?c\"") })
        #expect(!server.stdoutText.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }
}
