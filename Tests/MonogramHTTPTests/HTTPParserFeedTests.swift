import Testing
@testable import MonogramHTTP

// Helpers shared by the parser tests, and the tests that feed one input in many splits.

extension HTTPParser {
    mutating func feed(_ bytes: [UInt8]) { bytes.withUnsafeBytes { append($0) } }
    mutating func feed(_ text: String) { feed(Array(text.utf8)) }
}

extension HTTPRequestHead {
    /// One line with everything the parser decided, for comparing outcomes.
    var summary: String {
        let bytes = Array(raw.utf8)
        let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
        let headers = fields.map { "\(text($0.name)): \(text($0.value))" }
        return ([method.name, target, version.description, keepAlive ? "keep-alive" : "close"] + headers)
            .joined(separator: " | ")
    }
}

/// What feeding some input produced: a summary per head, in order, then the error if any.
struct Outcome: Equatable, CustomStringConvertible {
    var heads: [String] = []
    var error: HTTPParserError?
    var description: String { "\(heads) \(error.map(String.init(describing:)) ?? "no error")" }
}

/// Feeds `chunks` one `append` at a time, draining `next()` after each, as the server does.
func feed(_ chunks: some Sequence<[UInt8]>, limits: HTTPParserLimits = HTTPParserLimits()) -> Outcome {
    var parser = HTTPParser(limits: limits)
    var outcome = Outcome()
    for chunk in chunks {
        parser.feed(chunk)
        do throws(HTTPParserError) {
            while let head = try parser.next() { outcome.heads.append(head.summary) }
        } catch {
            outcome.error = error
            return outcome
        }
    }
    return outcome
}

func feed(_ text: String, limits: HTTPParserLimits = HTTPParserLimits()) -> Outcome {
    feed([Array(text.utf8)], limits: limits)
}

/// The ways a client's bytes may be split across reads.
enum Split {
    static func byteByByte(_ bytes: [UInt8]) -> [[UInt8]] { bytes.map { [$0] } }
    static func chunks(_ bytes: [UInt8], of size: Int) -> [[UInt8]] {
        stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }
}

/// A request the parser must accept, named for the test report.
struct ValidRequest: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    var bytes: [UInt8] { Array(text.utf8) }
    var testDescription: String { name }
    init(_ name: String, _ text: String) {
        self.name = name
        self.text = text
    }
}

/// Requests the parser must accept, with bodies, pipelining and odd line ends.
let validRequests: [ValidRequest] = [
    ValidRequest("minimal HTTP/1.1 GET", "GET / HTTP/1.1\r\nHost: example.com\r\n\r\n"),
    ValidRequest(
        "avatar GET with query and headers",
        "GET /avatar/Jane%20Doe.png?size=64&dpr=2 HTTP/1.1\r\nHost: a\r\nUser-Agent: curl/8.0\r\nAccept: */*\r\n\r\n"),
    ValidRequest("HTTP/1.0 HEAD without Host", "HEAD /avatar/x HTTP/1.0\r\n\r\n"),
    ValidRequest("bare LF line ends", "GET / HTTP/1.1\nHost: a\nConnection: close\n\n"),
    ValidRequest("empty lines before the request line", "\r\n\r\nGET /after-empty-lines HTTP/1.1\r\nHost: a\r\n\r\n"),
    ValidRequest(
        "Content-Length body then a pipelined GET",
        "POST /form HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello worldGET /next HTTP/1.1\r\nHost: a\r\n\r\n"),
    ValidRequest(
        "chunked body with extensions and trailer then a pipelined GET",
        "POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6 ; x\r\n world\r\n"
            + "0\r\nX-Trailer: t\r\n\r\nGET /n HTTP/1.1\r\nHost: a\r\n\r\n"),
    ValidRequest(
        "three pipelined requests",
        "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nGET /2 HTTP/1.1\r\nHost: a\r\n\r\nHEAD /3 HTTP/1.0\r\n\r\n"),
    ValidRequest("empty and padded header values", "GET / HTTP/1.1\r\nHost: a\r\nX-Empty:\r\nX-Spaces:  \t v a l \t \r\n\r\n"),
    ValidRequest("asterisk-form OPTIONS", "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n"),
]

@Suite("Feeding the parser in pieces")
struct HTTPParserFeedTests {
    @Test("gives the same heads whole, byte by byte and in odd chunks", arguments: validRequests)
    func sameResultForAnySplit(request: ValidRequest) {
        let bytes = request.bytes
        let whole = feed([bytes])
        #expect(whole.error == nil)
        #expect(!whole.heads.isEmpty)
        #expect(feed(Split.byteByByte(bytes)) == whole)
        for size in [2, 3, 7, 13] {
            #expect(feed(Split.chunks(bytes, of: size)) == whole, "chunks of \(size)")
        }
    }

    @Test("gives the same heads split in two at every position", arguments: validRequests)
    func sameResultForEverySplitPoint(request: ValidRequest) {
        let bytes = request.bytes
        let whole = feed([bytes])
        for cut in 0...bytes.count {
            #expect(feed([Array(bytes[..<cut]), Array(bytes[cut...])]) == whole, "split at \(cut)")
        }
    }

    @Test("returns five pipelined requests from one buffer in order")
    func pipelinedInOrder() {
        let request = (1...5).map { "GET /\($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined()
        let outcome = feed(request)
        #expect(outcome.error == nil)
        #expect(outcome.heads.map { $0.split(separator: " | ")[1] } == ["/1", "/2", "/3", "/4", "/5"])
    }

    @Test("returns nil until the head is complete, then the head")
    func nilUntilComplete() throws {
        var parser = HTTPParser()
        parser.feed("GET / HTTP/1.1\r\nHost: a\r\n")
        #expect(try parser.next() == nil)
        #expect(parser.hasPartialRequest)
        parser.feed("\r\n")
        let head = try #require(try parser.next())
        #expect(head.method == .get)
        #expect(try parser.next() == nil)
        #expect(!parser.hasPartialRequest)
        #expect(parser.bufferedByteCount == 0)
    }
}
