import Testing
@testable import MonogramHTTP

@Suite("Limits enforced while reading")
struct HTTPParserLimitsTests {
    /// Feeds `text` without ever completing the head; returns the status thrown, if any.
    private func statusWhileIncomplete(_ text: String) -> Int? {
        var parser = HTTPParser()
        parser.feed(text)
        do throws(HTTPParserError) {
            _ = try parser.next()
            return nil
        } catch {
            return error.status.code
        }
    }

    @Test("rejects a target over 8 KiB with 414 before the request line ends")
    func uriTooLongWhileReading() {
        #expect(statusWhileIncomplete("GET /" + String(repeating: "a", count: 8192)) == 414)
        #expect(statusWhileIncomplete("GET /" + String(repeating: "a", count: 8191)) == nil)
    }

    @Test("accepts a target of exactly 8 KiB")
    func targetAtLimit() {
        let target = "/" + String(repeating: "a", count: 8191)
        #expect(feed("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n").error == nil)
    }

    @Test("rejects a head over 16 KiB with 431 before it ends")
    func headTooLargeWhileReading() {
        let head = "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "b", count: 16384)
        #expect(statusWhileIncomplete(head) == 431)
    }

    @Test("accepts a head of exactly 16 KiB")
    func headAtLimit() {
        let start = "GET / HTTP/1.1\r\nHost: a\r\nX-Big: "
        let padding = String(repeating: "b", count: 16384 - start.utf8.count - 4)
        let head = start + padding + "\r\n\r\n"
        #expect(head.utf8.count == 16384)
        #expect(feed(head).error == nil)
        #expect(feed(start + padding + "b\r\n\r\n").error?.status == .requestHeaderFieldsTooLarge)
    }

    @Test("rejects the 101st header field with 431 before the head ends")
    func tooManyFieldsWhileReading() {
        let hundred = "GET / HTTP/1.1\r\n" + (1...100).map { "X-\($0): v\r\n" }.joined()
        #expect(statusWhileIncomplete(hundred) == nil)
        #expect(statusWhileIncomplete(hundred + "X-101: v\r\n") == 431)
    }

    @Test("honours custom limits")
    func customLimits() {
        let limits = HTTPParserLimits(maxTargetBytes: 10, maxHeadBytes: 100, maxHeaderFields: 2, maxBodyBytes: 3)
        #expect(feed("GET /0123456789 HTTP/1.1\r\nHost: a\r\n\r\n", limits: limits).error?.status == .uriTooLong)
        #expect(feed("GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\n\r\n", limits: limits).error?.status == .requestHeaderFieldsTooLarge)
        #expect(feed("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\n", limits: limits).error?.status == .payloadTooLarge)
    }

    @Test("parses 10,000 pipelined requests with a bounded buffer")
    func tenThousandPipelined() throws {
        let request = Array("GET /avatar/x.png?size=32 HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        let stream = [UInt8]((0..<10_000).map { _ in request }.joined())
        var parser = HTTPParser()
        var count = 0
        var maxBuffered = 0
        var maxCapacity = 0
        for chunk in Split.chunks(stream, of: 1500) {
            parser.feed(chunk)
            while let head = try parser.next() {
                #expect(head.target == "/avatar/x.png?size=32")
                count += 1
            }
            maxBuffered = max(maxBuffered, parser.bufferedByteCount)
            maxCapacity = max(maxCapacity, parser.bufferCapacity)
        }
        #expect(count == 10_000)
        #expect(maxBuffered < request.count)
        #expect(maxCapacity <= 16384)
        #expect(!parser.hasPartialRequest)
    }

    @Test("parses a 16 KiB head fed one byte at a time")
    func byteAtATimeHead() throws {
        let text = "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X-Pad: \(String(repeating: "p", count: 150))\r\n", count: 95) + "\r\n"
        var parser = HTTPParser()
        var heads = 0
        for byte in text.utf8 {
            parser.feed([byte])
            if try parser.next() != nil { heads += 1 }
        }
        #expect(text.utf8.count > 15_000)
        #expect(heads == 1)
    }

    @Test("reports a partial request while a head or body is incomplete")
    func partialRequest() throws {
        var parser = HTTPParser()
        #expect(!parser.hasPartialRequest)
        parser.feed("G")
        #expect(try parser.next() == nil)
        #expect(parser.hasPartialRequest)
        #expect(parser.bufferedByteCount == 1)
        parser.feed("ET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try parser.next() != nil)
        #expect(!parser.hasPartialRequest)
    }
}
