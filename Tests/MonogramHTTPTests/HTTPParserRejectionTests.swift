import Testing
@testable import MonogramHTTP

/// A request the parser must refuse, with the status it must answer.
struct Rejection: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let status: Int
    var testDescription: String { "\(status): \(name)" }

    init(_ name: String, _ text: String, _ status: Int) {
        self.init(name, Array(text.utf8), status)
    }

    init(_ name: String, _ bytes: [UInt8], _ status: Int) {
        self.name = name
        self.bytes = bytes
        self.status = status
    }
}

private let host = "Host: a\r\n"

let malformedRequests: [Rejection] = [
    Rejection("request line without version", "GET /\r\n\r\n", 400),
    Rejection("request line with one word", "GET\r\n\r\n", 400),
    Rejection("two spaces after the method", "GET  / HTTP/1.1\r\n\(host)\r\n", 400),
    Rejection("space after the version", "GET / HTTP/1.1 \r\n\(host)\r\n", 400),
    Rejection("leading space before the method", " GET / HTTP/1.1\r\n\(host)\r\n", 400),
    Rejection("non-token byte in the method", "G@T / HTTP/1.1\r\n\(host)\r\n", 400),
    Rejection("TLS handshake on the plain port", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01], 400),
    Rejection("lower-case HTTP name", "GET / http/1.1\r\n\(host)\r\n", 400),
    Rejection("garbage after the version", "GET / HTTP/1.1x\r\n\(host)\r\n", 400),
    Rejection("version without minor digits", "GET / HTTP/1.\r\n\(host)\r\n", 400),
    Rejection("control byte in the target", "GET /a\u{1}b HTTP/1.1\r\n\(host)\r\n", 400),
    Rejection("target that is not UTF-8", Array("GET /".utf8) + [0xFF] + Array(" HTTP/1.1\r\n\(host)\r\n".utf8), 400),
    Rejection("header line without colon", "GET / HTTP/1.1\r\n\(host)NoColon\r\n\r\n", 400),
    Rejection("header name with a space", "GET / HTTP/1.1\r\n\(host)Foo Bar: x\r\n\r\n", 400),
    Rejection("space before the colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
    Rejection("tab before the colon", "GET / HTTP/1.1\r\n\(host)X-A\t: a\r\n\r\n", 400),
    Rejection("empty header name", "GET / HTTP/1.1\r\n\(host): x\r\n\r\n", 400),
    Rejection("obs-fold continuation line", "GET / HTTP/1.1\r\n\(host)X-A: a\r\n b\r\n\r\n", 400),
    Rejection("whitespace before the first header", "GET / HTTP/1.1\r\n \(host)\r\n", 400),
    Rejection("NUL in a header value", "GET / HTTP/1.1\r\n\(host)X-A: a\u{0}b\r\n\r\n", 400),
    Rejection("NUL in a header name", "GET / HTTP/1.1\r\n\(host)X\u{0}A: a\r\n\r\n", 400),
    Rejection("control byte in a header value", "GET / HTTP/1.1\r\n\(host)X-A: a\u{7}b\r\n\r\n", 400),
    Rejection("DEL in a header value", "GET / HTTP/1.1\r\n\(host)X-A: a\u{7F}b\r\n\r\n", 400),
    Rejection("lone CR in a header value", "GET / HTTP/1.1\r\n\(host)X-A: a\rb\r\n\r\n", 400),
    Rejection("lone CR in the request line", "GET /\r HTTP/1.1\r\n\(host)\r\n", 400),
    Rejection("CR CR LF line end", "GET / HTTP/1.1\r\n\(host)X-A: a\r\r\n\r\n", 400),
    Rejection("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", 400),
    Rejection("two Host fields", "GET / HTTP/1.1\r\n\(host)\(host)\r\n", 400),
    Rejection("Host with a slash", "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", 400),
]

let versionRejections: [Rejection] = ["HTTP/2.0", "HTTP/1.2", "HTTP/3", "HTTP/2", "HTTP/0.9"].map {
    Rejection($0, "GET / \($0)\r\n\(host)\r\n", 505)
}

/// RFC 9112 §2.3 allows exactly one digit on each side of the dot: these break the grammar.
let malformedVersions: [Rejection] = ["HTTP/01.1", "HTTP/1.01", "HTTP/1.10", "HTTP/10.1", "HTTP/11", "HTTP/1.1.1", "HTTP/.1", "HTTP/1.a"].map {
    Rejection($0, "GET / \($0)\r\n\(host)\r\n", 400)
}

let limitRejections: [Rejection] = [
    Rejection("target over 8 KiB", "GET /\(String(repeating: "a", count: 8192)) HTTP/1.1\r\n\(host)\r\n", 414),
    Rejection("head over 16 KiB", "GET / HTTP/1.1\r\n\(host)X-Big: \(String(repeating: "b", count: 16400))\r\n\r\n", 431),
    Rejection("101 header fields", "GET / HTTP/1.1\r\n\(host)" + (1...100).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431),
    Rejection("16 KiB of empty lines", String(repeating: "\r\n", count: 8193) + "GET / HTTP/1.1\r\n\(host)\r\n", 431),
]

/// Smuggling attempts (RFC 9112 §6.3, §11.2) and other body framing faults.
let framingRejections: [Rejection] = [
    Rejection("Content-Length and Transfer-Encoding", "POST / HTTP/1.1\r\n\(host)Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
    Rejection("Transfer-Encoding and Content-Length", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\nContent-Length: 0\r\n\r\n", 400),
    Rejection("two differing Content-Length fields", "POST / HTTP/1.1\r\n\(host)Content-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400),
    Rejection("differing Content-Length list", "POST / HTTP/1.1\r\n\(host)Content-Length: 3, 4\r\n\r\nabcd", 400),
    Rejection("Content-Length with a plus sign", "POST / HTTP/1.1\r\n\(host)Content-Length: +3\r\n\r\nabc", 400),
    Rejection("Content-Length with a minus sign", "POST / HTTP/1.1\r\n\(host)Content-Length: -3\r\n\r\nabc", 400),
    Rejection("Content-Length with an inner space", "POST / HTTP/1.1\r\n\(host)Content-Length: 1 0\r\n\r\n", 400),
    Rejection("Content-Length in hex", "POST / HTTP/1.1\r\n\(host)Content-Length: 0x3\r\n\r\nabc", 400),
    Rejection("empty Content-Length", "POST / HTTP/1.1\r\n\(host)Content-Length:\r\n\r\n", 400),
    Rejection("Content-Length list with an empty element", "POST / HTTP/1.1\r\n\(host)Content-Length: 3,\r\n\r\nabc", 400),
    Rejection("chunked applied twice", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
    Rejection("empty Transfer-Encoding", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding:\r\n\r\n", 400),
    Rejection("Transfer-Encoding in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
    Rejection("chunk size that is not hex", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
    Rejection("chunk data without CRLF", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n3\r\nabcX0\r\n\r\n", 400),
    Rejection("lone CR after chunk size", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n3\rabc\r\n", 400),
    Rejection("Transfer-Encoding gzip", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: gzip, chunked\r\n\r\n", 501),
    Rejection("Transfer-Encoding xchunked", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: xchunked\r\n\r\n", 501),
    Rejection("Transfer-Encoding chunked, identity", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked, identity\r\n\r\n", 501),
    Rejection("Transfer-Encoding identity", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: identity\r\n\r\n", 501),
    Rejection("Content-Length over 1 MiB", "POST / HTTP/1.1\r\n\(host)Content-Length: 1048577\r\n\r\n", 413),
    Rejection("Content-Length past Int.max", "POST / HTTP/1.1\r\n\(host)Content-Length: 99999999999999999999999999\r\n\r\n", 413),
    Rejection("chunk size of 17 hex digits", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n00000000000000001\r\na\r\n0\r\n\r\n", 413),
    Rejection("chunk size overflowing 64 bits", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n", 413),
    Rejection("chunk size over 1 MiB", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n100001\r\n", 413),
    Rejection("chunks adding up to over 1 MiB", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n80000\r\n\(String(repeating: "x", count: 0x80000))\r\n80001\r\n", 413),
    Rejection("101 trailer fields", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0\r\n" + (0...100).map { "T\($0): v\r\n" }.joined() + "\r\n", 431),
]

@Suite("Rejecting requests")
struct HTTPParserRejectionTests {
    @Test("rejects a malformed request with 400", arguments: malformedRequests)
    func malformed(_ rejection: Rejection) { check(rejection) }

    @Test("rejects an HTTP version other than 1.0 and 1.1 with 505", arguments: versionRejections)
    func version(_ rejection: Rejection) { check(rejection) }

    @Test("rejects a version that is not DIGIT \".\" DIGIT with 400", arguments: malformedVersions)
    func malformedVersion(_ rejection: Rejection) { check(rejection) }

    @Test("rejects a request over a limit with 414 or 431", arguments: limitRejections)
    func limits(_ rejection: Rejection) { check(rejection) }

    @Test("rejects ambiguous or oversized body framing", arguments: framingRejections)
    func framing(_ rejection: Rejection) { check(rejection) }

    /// The same status whole and byte by byte, and a reason fit for a one-line body.
    private func check(_ rejection: Rejection) {
        let whole = feed([rejection.bytes])
        #expect(whole.error?.status.code == rejection.status, "\(whole)")
        let reason = whole.error?.reason ?? ""
        #expect(!reason.isEmpty && reason.utf8.allSatisfy { (0x20..<0x7F).contains($0) })
        if rejection.bytes.count < 20_000 {
            #expect(feed(Split.byteByByte(rejection.bytes)).error?.status.code == rejection.status)
        }
    }

    @Test("keeps throwing the same error after the first")
    func errorIsSticky() {
        var parser = HTTPParser()
        parser.feed("GET / HTTP/1.1\r\nFoo Bar: x\r\n\r\n")
        let first = #expect(throws: HTTPParserError.self) { try parser.next() }
        parser.feed("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        let second = #expect(throws: HTTPParserError.self) { try parser.next() }
        #expect(first == second)
        #expect(first?.status == .badRequest)
    }

    @Test("returns the requests before a bad one, then the error")
    func goodThenBad() {
        let outcome = feed("GET /ok HTTP/1.1\r\nHost: a\r\n\r\nGET /bad HTTP/1.1\r\nHost : a\r\n\r\n")
        #expect(outcome.heads.count == 1)
        #expect(outcome.error?.reason == "whitespace between header field name and colon")
    }
}
