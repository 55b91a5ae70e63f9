import Foundation
import MonogramCore
import MonogramCrypto
import MonogramHTTP
import MonogramRender
@testable import MonogramService
import MonogramSync
import Testing

/// API §11's `exp`, in process with the wall clock set by hand: no sleeps, exact edges.
@Suite("signed URLs that expire")
struct SignedExpiryTests {
    static let key = "expiry test key"
    static let start = 1_800_000_000

    /// A service requiring signatures whose clock reads `now`.
    static func service(now: Locked<Int>, cacheControl: String? = nil) throws -> AvatarService {
        let renderer = try Renderer(configuration: RendererConfiguration(masksDirectory: ServiceTestSupport.packageRoot + "/config/masks"))
        var configuration = Configuration()
        configuration.render.workers = 1
        configuration.security.requireSignature = true
        configuration.security.signingKeys = [key]
        if let cacheControl { configuration.http.cacheControl = cacheControl }
        return try AvatarService(configuration: configuration, renderer: renderer, logger: Logger(level: .error), wallClock: WallClock { now.withLock { $0 } })
    }

    static func signed(_ target: String, exp: Int?) throws -> String {
        try SignCommand.signed(target, keys: [key], expiresAt: exp).get()
    }

    static func get(_ service: AvatarService, _ target: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        ServiceTestSupport.call(service, ServiceTestSupport.head(target, headers: headers)).response
    }

    @Test("valid up to the second before exp, with max-age clipped to what remains; 403 expired from exp on, cached or not")
    func edges() throws {
        let now = Locked(Self.start)
        let service = try Self.service(now: now)
        let target = try Self.signed("/avatar/Jane%20Roe?size=32", exp: Self.start + 100)
        let first = Self.get(service, target)
        #expect(first.status.code == 200)
        #expect(first.header("Cache-Control") == "public, max-age=100")
        now.withLock { $0 = Self.start + 99 }
        let cached = Self.get(service, target)
        #expect(cached.status.code == 200)
        #expect(cached.header("Cache-Control") == "public, max-age=1")
        #expect(cached.body == first.body)
        // The 304 is clipped too.
        let revalidated = Self.get(service, target, headers: [("If-None-Match", first.header("ETag") ?? "")])
        #expect(revalidated.status.code == 304)
        #expect(revalidated.header("Cache-Control") == "public, max-age=1")
        now.withLock { $0 = Self.start + 100 }
        let expired = Self.get(service, target)
        #expect(expired.status.code == 403)
        #expect(expired.text == "expired\n")
        #expect(expired.header("Cache-Control") == "no-store")
        // The same avatar signed without exp is still served from the cache, at the full max-age.
        let lasting = Self.get(service, try Self.signed("/avatar/Jane%20Roe?size=32", exp: nil))
        #expect(lasting.status.code == 200 && lasting.header("Cache-Control") == "public, max-age=604800")
        #expect(lasting.body == first.body)
    }

    @Test("far in the future: the configured max-age as it is")
    func farFuture() throws {
        let service = try Self.service(now: Locked(Self.start))
        let answer = Self.get(service, try Self.signed("/group/A,B?size=16", exp: 99_999_999_999))
        #expect(answer.status.code == 200)
        #expect(answer.header("Cache-Control") == "public, max-age=604800")
    }

    @Test("an image-preferring request gets the placeholder with X-Avatar-Error: expired")
    func imageRefusal() throws {
        let service = try Self.service(now: Locked(Self.start))
        let answer = Self.get(service, try Self.signed("/avatar/Kim", exp: Self.start - 1), headers: [("Accept", "image/avif,image/webp,image/*")])
        #expect(answer.status.code == 403)
        #expect(answer.header("X-Avatar-Error") == "expired")
        #expect(answer.header("Content-Type") == "image/png")
    }

    @Test("exp is covered by the signature; a malformed or repeated one is refused", arguments: [
        ("exp=1800000100", "mismatch"), ("exp=abc", "malformed"), ("exp=1&exp=2", "malformed"), ("exp=", "malformed"),
        ("exp=1234567890123", "malformed"),
    ])
    func tampering(_ query: String, _ kind: String) throws {
        let service = try Self.service(now: Locked(Self.start))
        let target: String
        if kind == "mismatch" {
            // Signed with one exp, sent with another.
            target = try Self.signed("/avatar/Kim?exp=1800000050", exp: nil).replacingOccurrences(of: "exp=1800000050", with: query)
        } else {
            target = try Self.signed("/avatar/Kim?" + query, exp: nil)
        }
        let answer = Self.get(service, target)
        #expect(answer.status.code == 403)
        let reason = kind == "mismatch" ? URLSigner.Refusal.mismatch.reason : URLSigner.Refusal.malformedExpiry.reason
        #expect(answer.text == reason + "\n")
    }

    @Test("max-age and s-maxage are clipped, a list without max-age gets one, no-store is kept", arguments: [
        ("public, max-age=604800", 30, "public, max-age=30"),
        ("public, max-age=10", 30, "public, max-age=10"),
        ("public, s-maxage=86400, max-age=600", 60, "public, s-maxage=60, max-age=60"),
        ("public", 5, "public, max-age=5"),
        ("no-store", 5, "no-store"),
        ("public, max-age=junk", 5, "public, max-age=0"),
    ])
    func clipping(_ value: String, _ seconds: Int, _ expected: String) {
        #expect(CacheDirective.clip(value, toSeconds: seconds) == expected)
    }

    @Test("exp is parsed from the signed query only as digits, once", arguments: [
        ("size=3", .success(nil)), ("exp=17", .success(17)), ("a=1&exp=0017&b", .success(17)), ("xexp=1", .success(nil)),
        ("exp=1e3", .failure(.malformed)), ("exp=-1", .failure(.malformed)), ("exp", .failure(.malformed)),
        ("exp=1&exp=1", .failure(.malformed)), ("exp=%31", .failure(.malformed)),
    ] as [(String, Result<Int?, SignedExpiry.Problem>)])
    func parsing(_ query: String, _ expected: Result<Int?, SignedExpiry.Problem>) {
        #expect(SignedExpiry.parse(Substring(query)) == expected)
    }

    @Test("monogram sign --expires takes 90s, 30m, 1h, 7d or seconds, and nothing else", arguments: [
        ("90s", 90), ("30m", 1800), ("1h", 3600), ("7d", 604_800), ("45", 45), ("0", nil), ("1x", nil), ("h", nil), ("-1h", nil),
        ("1.5h", nil), ("101000d", nil), ("99999999999999d", nil),
    ] as [(String, Int?)])
    func durations(_ text: String, _ seconds: Int?) {
        #expect(ExpiryDuration(text)?.seconds == seconds)
    }

    @Test("sign --expires appends exp (now + duration) before sig; a target with exp already is refused")
    func signCommand() throws {
        let options = try CommandLineOptions.parse(["sign", "--expires", "1h", "/avatar/a?b=c"])
        #expect(options.action == .sign(target: "/avatar/a?b=c", expires: ExpiryDuration("1h")))
        #expect(throws: ConfigurationError.self) { try CommandLineOptions.parse(["sign", "--expires", "soon", "/a"]) }
        let signed = try SignCommand.signed("/avatar/a?b=c", keys: [Self.key], expiresAt: 1_700_003_600).get()
        #expect(signed.hasPrefix("/avatar/a?b=c&exp=1700003600&sig="))
        #expect(try SignCommand.signed("/avatar/a", keys: [Self.key], expiresAt: 5).get().hasPrefix("/avatar/a?exp=5&sig="))
        #expect(throws: SignCommand.Problem.self) { try SignCommand.signed("/avatar/a?exp=4", keys: [Self.key], expiresAt: 5).get() }
    }
}
