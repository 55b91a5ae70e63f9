import Testing
@testable import MonogramHTTP

@Suite("POST bodies kept for the handler")
struct HTTPParserKeptBodyTests {
    func heads(_ text: String, limits: HTTPParserLimits = HTTPParserLimits(), split: Bool = false) throws -> [HTTPRequestHead] {
        var parser = HTTPParser(limits: limits)
        var heads: [HTTPRequestHead] = []
        let pieces = split ? Array(text.utf8).map { [$0] } : [Array(text.utf8)]
        for piece in pieces {
            parser.feed(piece)
            while let head = try parser.next() { heads.append(head) }
        }
        return heads
    }

    @Test("a POST body arrives whole in the head, by length or in chunks, split anywhere", arguments: [false, true])
    func kept(split: Bool) throws {
        let text = "POST /purge HTTP/1.1\r\nHost: a\r\nContent-Length: 13\r\n\r\ntags=monogram"
            + "POST /purge HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\ntags=\r\n8\r\nmonogram\r\n0\r\n\r\n"
            + "GET /x HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
        let parsed = try heads(text, split: split)
        #expect(parsed.map { String(decoding: $0.body, as: UTF8.self) } == ["tags=monogram", "tags=monogram", ""])
        #expect(parsed.allSatisfy { !$0.bodyTruncated })
    }

    @Test("past maxKeptBodyBytes the rest is discarded and the head says so")
    func truncated() throws {
        var limits = HTTPParserLimits()
        limits.maxKeptBodyBytes = 4
        for framing in ["Content-Length: 6\r\n\r\nabcdef", "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n3\r\ndef\r\n0\r\n\r\n"] {
            let parsed = try heads("POST / HTTP/1.1\r\nHost: a\r\n\(framing)GET / HTTP/1.1\r\nHost: a\r\n\r\n", limits: limits)
            #expect(parsed.count == 2)
            #expect(parsed.first?.body == Array("abcd".utf8))
            #expect(parsed.first?.bodyTruncated == true)
            #expect(parsed.last?.bodyTruncated == false)
        }
        let exact = try heads("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nabcd", limits: limits)
        #expect(exact.first?.body == Array("abcd".utf8) && exact.first?.bodyTruncated == false)
    }
}
