import Testing
@testable import MonogramHTTP

/// Parses exactly one head from `text`.
func parseOne(_ text: String) throws -> HTTPRequestHead {
    try parseOne(Array(text.utf8))
}

func parseOne(_ bytes: [UInt8]) throws -> HTTPRequestHead {
    var parser = HTTPParser()
    parser.feed(bytes)
    return try #require(try parser.next())
}

@Suite("Request heads")
struct HTTPParserHeadTests {
    @Test(
        "computes keep-alive from the version and Connection fields (RFC 9112 §9.3)",
        arguments: [
            ("HTTP/1.1", [], true),
            ("HTTP/1.1", ["Connection: close"], false),
            ("HTTP/1.1", ["Connection: CLOSE"], false),
            ("HTTP/1.1", ["Connection: keep-alive"], true),
            ("HTTP/1.1", ["Connection: keep-alive, close"], false),
            ("HTTP/1.1", ["Connection: Upgrade", "connection: Close"], false),
            ("HTTP/1.1", ["Connection: closed"], true),
            ("HTTP/1.0", [], false),
            ("HTTP/1.0", ["Connection: keep-alive"], true),
            ("HTTP/1.0", ["Connection: Keep-Alive"], true),
            ("HTTP/1.0", ["Connection: keep-alive, close"], false),
            ("HTTP/1.0", ["Connection: te", "Connection: keep-alive"], true),
            ("HTTP/1.0", ["Connection: close"], false),
        ] as [(String, [String], Bool)])
    func keepAlive(version: String, connection: [String], expected: Bool) throws {
        let lines = (["Host: a"] + connection).map { $0 + "\r\n" }.joined()
        let head = try parseOne("GET / \(version)\r\n\(lines)\r\n")
        #expect(head.keepAlive == expected)
        #expect(head.version.description == version)
    }

    @Test("looks headers up case-insensitively, values trimmed")
    func headerLookup() throws {
        let head = try parseOne("GET / HTTP/1.1\r\nhost: example.com\r\nX-Thing: \t spaced value \t\r\nACCEPT: image/png\r\n\r\n")
        #expect(head.header("Host") == "example.com")
        #expect(head.header("x-thing") == "spaced value")
        #expect(head.header("X-THING") == "spaced value")
        #expect(head.header("accept") == "image/png")
        #expect(head.header("Accep") == nil)
        #expect(head.header("If-None-Match") == nil)
        #expect(head.headers("If-None-Match").isEmpty)
    }

    @Test("returns every If-None-Match field in order, lists unsplit")
    func multipleFields() throws {
        let head = try parseOne(
            "GET / HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"a\", W/\"b\"\r\nX: y\r\nif-none-match: \"c\"\r\n\r\n")
        #expect(head.headers("If-None-Match") == ["\"a\", W/\"b\"", "\"c\""])
        #expect(head.header("If-None-Match") == "\"a\", W/\"b\"")
    }

    @Test(
        "keeps the target exactly as sent, absolute-form and asterisk-form included",
        arguments: ["/avatar/Jane.png?size=64&dpr=2", "/?", "/a?b?c", "http://example.com/avatar/x?size=20", "*"])
    func targetAsSent(target: String) throws {
        let head = try parseOne("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(head.target == target)
    }

    @Test(
        "reads the method as a case-sensitive token",
        arguments: [
            ("GET", HTTPMethod.get), ("HEAD", .head), ("POST", .post), ("PUT", .put), ("DELETE", .delete),
            ("OPTIONS", .options), ("PATCH", .patch), ("get", .other("get")), ("PURGE", .other("PURGE")),
        ] as [(String, HTTPMethod)])
    func method(token: String, expected: HTTPMethod) throws {
        let head = try parseOne("\(token) / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(head.method == expected)
        #expect(head.method.name == token)
    }

    @Test("accepts bare LF line ends exactly as CRLF")
    func bareLineFeed() {
        let crlf = feed("GET /x HTTP/1.1\r\nHost: a\r\nX: 1\r\n\r\n")
        #expect(crlf.error == nil)
        #expect(feed("GET /x HTTP/1.1\nHost: a\nX: 1\n\n") == crlf)
        #expect(feed("GET /x HTTP/1.1\r\nHost: a\nX: 1\r\n\n") == crlf)
    }

    @Test("ignores empty lines before the request line (RFC 9112 §2.2)")
    func leadingEmptyLines() throws {
        let head = try parseOne("\r\n\n\r\nGET /x HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(head.target == "/x")
    }

    @Test("accepts a raw UTF-8 path as curl sends it")
    func utf8Target() throws {
        let head = try parseOne("GET /avatar/José HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(head.target == "/avatar/José")
    }

    @Test("keeps non-UTF-8 obs-text in a value as '?' without shifting other fields")
    func obsText() throws {
        let bytes = Array("GET / HTTP/1.1\r\nHost: a\r\nX-Latin: ".utf8) + [0xE9, 0x74, 0xE9] + Array("\r\nX-After: ok\r\n\r\n".utf8)
        let head = try parseOne(bytes)
        #expect(head.header("X-Latin") == "?t?")
        #expect(head.header("X-After") == "ok")
    }

    @Test("HTTP/1.0 needs no Host; HTTP/1.1 does")
    func hostRequirement() {
        #expect(feed("GET / HTTP/1.0\r\n\r\n").error == nil)
        #expect(feed("GET / HTTP/1.1\r\n\r\n").error?.reason == "missing Host header")
        #expect(feed("GET / HTTP/1.1\r\nHost:\r\n\r\n").error == nil)
        #expect(feed("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n").error == nil)
    }

    @Test("builds a head in process with the same lookups and keep-alive rule")
    func publicInitialiser() {
        let head = HTTPRequestHead(
            method: .get, target: "/avatar/x?size=32", version: .http1_0,
            headers: [("Connection", "Keep-Alive"), ("If-None-Match", "\"e\"")])
        #expect(head.keepAlive)
        #expect(head.target == "/avatar/x?size=32")
        #expect(head.header("if-none-match") == "\"e\"")
        #expect(HTTPRequestHead(method: .get, target: "/").keepAlive)
        #expect(!HTTPRequestHead(method: .get, target: "/", headers: [("connection", "close")]).keepAlive)
    }
}
