import Testing
@testable import MonogramHTTP

@Suite("Request bodies")
struct HTTPParserBodyTests {
    @Test(
        "discards a body and parses the pipelined request after it",
        arguments: [
            "Content-Length: 5\r\n\r\nhello",
            "Content-Length: 0\r\n\r\n",
            "Content-Length: 5, 5\r\n\r\nhello",
            "Content-Length: 5\r\nContent-Length: 5\r\n\r\nhello",
            "Content-Length: 005\r\n\r\nhello",
            "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "Transfer-Encoding: Chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
            "Transfer-Encoding: chunked\r\n\r\n5;a=b;c=\"d\"\r\nhello\r\na\r\n0123456789\r\n0\r\n\r\n",
            "Transfer-Encoding: chunked\r\n\r\nA\r\n0123456789\r\n0;last\r\nTrailer-A: 1\r\nTrailer-B: 2\r\n\r\n",
            "Transfer-Encoding: chunked\r\n\r\n3\nabc\n0\n\n",
            "Transfer-Encoding: , chunked\r\n\r\n0\r\n\r\n",
        ])
    func bodyDiscarded(framing: String) {
        let text = "POST /first HTTP/1.1\r\nHost: a\r\n\(framing)GET /second HTTP/1.1\r\nHost: a\r\n\r\n"
        let bytes = Array(text.utf8)
        let outcome = feed([bytes])
        #expect(outcome.error == nil, "\(outcome)")
        #expect(outcome.heads.map { $0.split(separator: " | ")[1] } == ["/first", "/second"])
        #expect(feed(Split.byteByByte(bytes)) == outcome)
    }

    @Test("returns a head only once its whole body has arrived")
    func headAfterBody() throws {
        var parser = HTTPParser()
        parser.feed("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n12345")
        #expect(try parser.next() == nil)
        #expect(parser.hasPartialRequest)
        #expect(parser.bufferedByteCount == 0)
        parser.feed("67890")
        let head = try #require(try parser.next())
        #expect(head.method == .post)
        #expect(!parser.hasPartialRequest)
    }

    @Test("accepts a body of exactly the limit, in Content-Length and in chunks")
    func bodyAtLimit() {
        let limits = HTTPParserLimits(maxBodyBytes: 10)
        let exact = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n0123456789"
        #expect(feed(exact, limits: limits).error == nil)
        let chunked = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n0123\r\n6\r\n456789\r\n0\r\n\r\n"
        #expect(feed(chunked, limits: limits).error == nil)
        let over = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n0123\r\n7\r\n"
        #expect(feed(over, limits: limits).error?.status == .payloadTooLarge)
    }

    @Test("refuses an oversized Content-Length before any of the body arrives")
    func earlyPayloadTooLarge() {
        var parser = HTTPParser()
        parser.feed("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 2000000\r\n\r\n")
        #expect(throws: HTTPParserError(status: .payloadTooLarge, reason: "request body larger than 1048576 bytes")) {
            try parser.next()
        }
    }

    @Test("discards a 1 MiB body without buffering it")
    func largeBodyNotBuffered() throws {
        var parser = HTTPParser()
        parser.feed("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1048576\r\n\r\n")
        let chunk = [UInt8](repeating: 0x61, count: 65536)
        for _ in 0..<15 {
            parser.feed(chunk)
            #expect(try parser.next() == nil)
            #expect(parser.bufferedByteCount == 0)
        }
        parser.feed(chunk)
        #expect(try parser.next() != nil)
        #expect(parser.bufferCapacity <= 4 * 65536)
    }
}

@Suite("Smuggling attempts")
struct HTTPParserSmugglingTests {
    @Test("names both framings in the reason when Content-Length meets Transfer-Encoding")
    func bothFramingsReason() {
        let outcome = feed("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        #expect(outcome.error == HTTPParserError(status: .badRequest, reason: "both Content-Length and Transfer-Encoding"))
    }

    @Test("parses nothing after a refused body, so a hidden request is never seen")
    func nothingAfterRefusal() {
        let hidden = "GET /admin HTTP/1.1\r\nHost: a\r\n\r\n"
        let outcome = feed("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 40\r\n\r\nabc\(hidden)")
        #expect(outcome.heads.isEmpty)
        #expect(outcome.error?.status == .badRequest)
    }
}
