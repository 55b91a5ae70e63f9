import MonogramCore
@testable import MonogramService
import Testing

@Suite("conditional requests and content negotiation")
struct HTTPSemanticsTests {
    @Test("If-None-Match matching (RFC 9110 §13.1.2, weak comparison)", arguments: [
        (["\"abc\""], true),
        (["W/\"abc\""], true),
        (["\"x\", \"abc\""], true),
        (["\"x\"", " \"abc\" "], true),
        (["*"], true),
        (["\"abcd\""], false),
        (["abc"], false),
        ([String](), false),
    ])
    func ifNoneMatch(fields: [String], matches: Bool) {
        #expect(EntityTag.matches(ifNoneMatch: fields.map { Substring($0) }, etag: "\"abc\"") == matches)
    }

    @Test("ETags are strong, quoted, stable, and change with the release or the key")
    func etagMaking() {
        let tag = EntityTag.make(canonicalKey: "k", release: "1")
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 18)
        #expect(tag == EntityTag.make(canonicalKey: "k", release: "1"))
        #expect(tag != EntityTag.make(canonicalKey: "k", release: "2"))
        #expect(tag != EntityTag.make(canonicalKey: "j", release: "1"))
    }

    /// Hashing the seed field by field and writing the hex by hand must give the very tags the
    /// whole seed and `String(radix:)` give.
    @Test("ETags are the hash of the whole seed, for every kind and variant")
    func etagsUnchanged() {
        func reference(_ seed: String, release: String) -> String {
            let hex = String(ColorKey.fnv1a64(Array((release + "\n" + seed).utf8)), radix: 16)
            return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
        }
        var options = AvatarOptions()
        options.initials = "Zoë"
        let keys = [
            AnswerKey.avatar(AvatarOptions(), name: "Jane Roe"), .avatar(options, name: ""), .avatar(AvatarOptions(), name: "王小明"),
            .group(GroupOptions(), names: ["a", "b"]), .gravatar("0123abcd|64|i"),
        ]
        let variants: [AnswerVariant] = [.plain, .picture(digest: 0xAB), .pictureFallback, .groupPictures([(0, 1), (2, 0xFF)])]
        for release in ["1.2.0", "", "dev+abc"] {
            for key in keys {
                for variant in variants {
                    let tag = EntityTag.make(hash: key.etagHash(variant, continuing: EntityTag.seed(release: release)))
                    #expect(tag == reference(key.etagSeed(variant), release: release))
                }
            }
            #expect(EntityTag.make(canonicalKey: "k", release: release) == reference("k", release: release))
        }
        // Leading zeros are kept: 16 digits always.
        #expect(EntityTag.make(hash: 0xAB) == "\"00000000000000ab\"")
    }

    @Test("an image ranked above text means a browser <img>", arguments: [
        ("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", true),
        ("image/png", true),
        ("*/*", false),
        ("text/plain", false),
        ("text/html,image/png;q=0.9", false),
        ("image/*;q=0.5, text/plain;q=0.4", true),
        ("", false),
    ])
    func acceptPreference(accept: String, image: Bool) {
        #expect(AcceptPreference.prefersImage(Substring(accept)) == image)
    }

    @Test("routes are decided from the path alone", arguments: [
        ("/healthz", Route.health),
        ("/avatar/Jane", Route.avatar(segment: "Jane")),
        ("/avatar/", Route.avatar(segment: "")),
        ("/avatar", Route.notFound),
        ("/avatar/a/b", Route.notFound),
        ("/", Route.playground),
        ("/metrics", Route.metrics),
        ("/group/a,b", Route.group(segment: "a,b")),
        ("/favicon.ico", Route.notFound),
        // By bytes, as RFC 3986 delimits: a raw combining mark after `/` does not hide the `/`
        // (compared as Characters, `/\u{301}` was one grapheme and no slash).
        ("/avatar/\u{301}x", Route.avatar(segment: "\u{301}x")),
        ("/avatar/x/\u{301}", Route.notFound),
        ("/gravatar/abc", Route.gravatar(segment: "abc")),
    ])
    func routes(path: String, route: Route) {
        #expect(Route(path: Substring(path)) == route)
    }

    @Test("absolute-form targets are answered like their path")
    func absoluteForm() {
        #expect(AvatarService.originForm("http://example.com/avatar/x?size=32") == "/avatar/x?size=32")
        #expect(AvatarService.originForm("http://example.com") == "/")
        #expect(AvatarService.originForm("/avatar/x") == "/avatar/x")
    }
}
