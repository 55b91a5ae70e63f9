import MonogramPictures
import Testing

@Suite("Picture URLs, allow-list and address policy")
struct PolicyTests {
    @Test("parses and normalises absolute http(s) URLs", arguments: [
        ("https://Secure.Gravatar.com/avatar/abc?d=404&s=128", "https://secure.gravatar.com/avatar/abc?d=404&s=128"),
        ("HTTP://example.com:80/a.png#frag", "http://example.com/a.png"),
        ("http://example.com:8080", "http://example.com:8080/"),
        ("https://example.com?x=1", "https://example.com/?x=1"),
        ("http://127.0.0.1:9000/p.png", "http://127.0.0.1:9000/p.png"),
        ("http://[::1]:9000/p.png", "http://[::1]:9000/p.png"),
    ])
    func parses(text: String, normal: String) throws {
        #expect(try PictureURL.parse(text).string == normal)
    }

    @Test("refuses what is not a plain absolute http(s) URL", arguments: [
        "ftp://example.com/a.png", "file:///etc/passwd", "//example.com/a", "example.com/a.png",
        "http://user:pw@example.com/", "http://example.com@evil.example/", "http://exa mple.com/",
        "http://example.com\\@evil.example/", "http://2130706433/", "http://0x7f000001/", "http://127.1/",
        "http://ex%61mple.com/", "http://bücher.example/", "http://example.com:0/", "http://example.com:99999/",
        "http://[::1/", "http://[evil]/", "http:///a", "gopher://example.com/",
    ])
    func refuses(text: String) {
        #expect(throws: PictureError.self) { try PictureURL.parse(text) }
    }

    @Test("the allow-list matches exact hosts, ports and subdomains", arguments: [
        ("https://gravatar.com/a", true), ("http://gravatar.com/a", true), ("https://gravatar.com:8443/a", false),
        ("https://www.gravatar.com/a", false), ("https://img.example:8443/a", true), ("https://img.example/a", false),
        ("https://a.cdn.example.org/x", true), ("https://a.b.cdn.example.org/x", true), ("https://cdn.example.org/x", false),
        ("https://evilcdn.example.org/x", false), ("http://127.0.0.1:9000/x", true), ("http://127.0.0.1:9001/x", false),
        ("http://[::1]:9000/x", true), ("http://localhost:9000/x", false),
    ])
    func allowList(text: String, allowed: Bool) throws {
        let list = AllowList(patterns: ["gravatar.com", "img.example:8443", "*.cdn.example.org", "127.0.0.1:9000", "[::1]:9000"])
        #expect((list.match(try PictureURL.parse(text)) != nil) == allowed)
    }

    @Test("only an entry naming the address itself allows a private address")
    func namesAddress() throws {
        let list = AllowList(patterns: ["127.0.0.1:9000", "localhost:9000", "*.internal.example"])
        #expect(list.match(try PictureURL.parse("http://127.0.0.1:9000/"))?.namesAddress == true)
        #expect(list.match(try PictureURL.parse("http://localhost:9000/"))?.namesAddress == false)
        #expect(list.match(try PictureURL.parse("http://a.internal.example/"))?.namesAddress == false)
    }

    @Test("public addresses are allowed", arguments: [
        [8, 8, 8, 8], [93, 184, 216, 34], [172, 32, 0, 1], [100, 128, 0, 1], [192, 169, 1, 1],
        [0x20, 0x01, 0x48, 0x60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x88, 0x88],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 8, 8, 8, 8],
    ] as [[UInt8]])
    func publicAddresses(bytes: [UInt8]) {
        #expect(AddressPolicy.isPublic(bytes))
    }

    @Test("private, loopback, link-local and special addresses are refused", arguments: [
        [127, 0, 0, 1], [127, 255, 1, 2], [10, 1, 2, 3], [172, 16, 0, 1], [172, 31, 255, 255], [192, 168, 1, 1],
        [169, 254, 169, 254], [0, 0, 0, 0], [100, 64, 0, 1], [224, 0, 0, 1], [255, 255, 255, 255], [198, 18, 0, 1],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],  // ::1
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],  // ::
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 127, 0, 0, 1],  // ::ffff:127.0.0.1
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 169, 254, 169, 254],
        [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 1],  // NAT64 of 10.0.0.1
        [0x20, 0x02, 127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],  // 6to4 of 127.0.0.1
        [0xFE, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],  // link-local
        [0xFD, 0x12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],  // unique local
        [0xFF, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],  // multicast
    ] as [[UInt8]])
    func refusedAddresses(bytes: [UInt8]) {
        #expect(!AddressPolicy.isPublic(bytes))
    }

    @Test("the source lifetime follows Cache-Control within the bounds", arguments: [
        ("public, max-age=300", 300.0), ("max-age=5", 60), ("max-age=999999", 86_400), ("s-maxage=600, max-age=100", 600),
        ("no-store", 60), ("private, max-age=600", 60), ("max-age=\"120\"", 120), ("max-age=abc", 60), ("", 60),
    ])
    func lifetime(header: String, seconds: Double) {
        #expect(CacheLifetime.seconds(cacheControl: header, minimum: 60, maximum: 86_400) == seconds)
    }

    /// Break 1 of issue 11: `=` alone split into no parts and was subscripted (SIGILL).
    @Test("a Cache-Control made of separators and empty directives is ignored, not a crash", arguments: [
        "=", "==", "max-age=60,=", " = ", ",", ",,=,", "=max-age", "max-age=", "\"", "max-age=\"", "s-maxage==5",
        "max-age=99999999999999999999999999", "\u{0}=\u{0}", "max-age=60,=, s-maxage=120",
    ])
    func hostileLifetime(header: String) {
        let seconds = CacheLifetime.seconds(cacheControl: header, minimum: 60, maximum: 86_400)
        #expect((60...86_400).contains(seconds))
    }

    @Test("directives after an empty one still count")
    func directivesAfterEmpty() {
        #expect(CacheLifetime.seconds(cacheControl: "=, max-age=600", minimum: 60, maximum: 86_400) == 600)
        #expect(CacheLifetime.seconds(cacheControl: "max-age=60,=, s-maxage=120", minimum: 60, maximum: 86_400) == 120)
    }
}
