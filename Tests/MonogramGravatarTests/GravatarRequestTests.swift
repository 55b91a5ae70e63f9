import Testing
import MonogramCore
@testable import MonogramGravatar

@Suite("Gravatar hash, parameters and defaults")
struct GravatarRequestTests {
    static let md5 = "0bc83cb571cd1c50ba6f3e8a78ef1346"

    @Test("accepts 32 or 64 hex digits in either case, with .png, .jpg or .jpeg", arguments: [
        md5, md5.uppercased(), md5 + ".png", md5 + ".jpg", md5 + ".jpeg", String(repeating: "aB", count: 32),
    ])
    func accepts(segment: String) {
        #expect(GravatarHash(pathSegment: Substring(segment)) != nil)
    }

    @Test("anything else is not a hash", arguments: [
        "", "abc", String(md5.dropLast()), md5 + "0", md5 + ".gif", "g" + md5.dropFirst(), md5 + ".png.png",
        String(repeating: "a", count: 48), ".png",
    ])
    func rejects(segment: String) {
        #expect(GravatarHash(pathSegment: Substring(segment)) == nil)
    }

    @Test("either case is one key, written lower-case")
    func oneKey() {
        #expect(GravatarHash(pathSegment: Substring(Self.md5.uppercased())) == GravatarHash(pathSegment: Substring(Self.md5)))
        #expect(GravatarHash(pathSegment: Substring(Self.md5.uppercased()))?.description == Self.md5)
    }

    func query(_ pairs: [(String, String)], maxSize: Int = 1024) -> GravatarQuery {
        GravatarQuery(pairs: pairs.map { (name: $0.0, value: $0.1) }, minSize: 16, maxSize: maxSize)
    }

    @Test("size: s or size, clamped into the service's range, Gravatar's default otherwise", arguments: [
        ("s", "200", 200), ("size", "64", 64), ("s", "1", 16), ("s", "2048", 1024), ("s", "2049", 80),
        ("s", "0", 80), ("s", "-5", 80), ("s", "big", 80), ("s", "99999999999999999999", 80), ("x", "5", 80),
    ])
    func size(name: String, value: String, expected: Int) {
        #expect(query([(name, value)]).size == expected)
    }

    @Test("defaults, long and short, any case")
    func defaults() {
        #expect(query([("d", "404")]).fallback == .notFound)
        #expect(query([("default", "MP")]).fallback == .placeholder)
        #expect(query([("d", "mm")]).fallback == .placeholder)
        #expect(query([]).fallback == .placeholder)
        #expect(query([("d", "blank")]).fallback == .blank)
        #expect(query([("d", "initials"), ("name", " Jane Doe ")]) .name == "Jane Doe")
        #expect(query([("d", "color")]).fallback == .color)
        for style in ["identicon", "monsterid", "wavatar", "retro", "robohash"] { #expect(query([("d", style)]).fallback == .identicon) }
        #expect(query([("d", "https://example.com/a.png")]).fallback == .redirect("https://example.com/a.png"))
        #expect(query([("d", "nonsense")]).fallback == .placeholder)
        #expect(query([("f", "y")]).forceDefault)
        #expect(query([("forcedefault", "Y")]).forceDefault)
        #expect(!query([("f", "n")]).forceDefault)
    }

    @Test("redirect targets: host and port read, unsafe URLs refused", arguments: [
        ("https://Cdn.Example.com/x.png?a=1", "cdn.example.com", nil),
        ("http://cdn.example.com:8080/x", "cdn.example.com", 8080),
        ("https://[::1]:9/x", "[::1]", 9),
    ] as [(String, String, Int?)])
    func redirect(url: String, host: String, port: Int?) throws {
        let target = try #require(RedirectTarget(url))
        #expect(target.host == host)
        #expect(target.port == port)
    }

    @Test("refuses user-info, backslashes, control characters and other schemes", arguments: [
        "https://good.example@evil.example/", "https://good.example\\@evil.example/", "https://a.example/\r\nSet-Cookie: x",
        "javascript:alert(1)", "https:///path", "https://a.example:0/", "https://a.example:99999/", "ftp://a.example/",
    ])
    func refuses(url: String) {
        #expect(RedirectTarget(url) == nil)
    }

    @Test("non-ASCII in a redirect is percent-encoded")
    func encodes() {
        #expect(RedirectTarget("https://a.example/é")?.url == "https://a.example/%C3%A9")
    }

    @Test("the identicon is mirrored, keyed by the hash and drawn with whole-pixel cells")
    func identicon() throws {
        let hash = try #require(GravatarHash(pathSegment: Substring(Self.md5)))
        let other = try #require(GravatarHash(pathSegment: "ffffffffffffffffffffffffffffff00"))
        let icon = Identicon(hash: hash, palette: .default)
        for row in 0..<5 {
            #expect(icon.cells[row * 5] == icon.cells[row * 5 + 4])
            #expect(icon.cells[row * 5 + 1] == icon.cells[row * 5 + 3])
        }
        #expect(icon != Identicon(hash: other, palette: .default))
        #expect(icon == Identicon(hash: hash, palette: .default))
        let bitmap = icon.bitmap(pixels: 120)
        #expect(bitmap.side == 120)
        #expect(bitmap[0, 0] == Identicon.premultiplied(Identicon.background))
        // Cell (0, 0) covers pixels 10..<30 in both directions.
        let expected = icon.cells[0] ? Identicon.premultiplied(icon.color) : Identicon.premultiplied(Identicon.background)
        #expect(bitmap[15, 15] == expected)
        #expect(bitmap[119 - 15, 15] == expected)
    }
}
