import Dispatch
import MonogramHTTP
import MonogramRender
@testable import MonogramService
import MonogramSync
import Testing

/// API §8 in process: signatures before routing, the budget only for work.
@Suite struct AdmissionTests {
    static let key = "admission tests signing key"

    static func service(_ adjust: (inout Configuration) -> Void) throws -> AvatarService {
        let renderer = try Renderer(configuration: RendererConfiguration(masksDirectory: ServiceTestSupport.packageRoot + "/config/masks"))
        var configuration = Configuration()
        configuration.render.workers = 2
        adjust(&configuration)
        return try AvatarService(configuration: configuration, renderer: renderer, logger: Logger(level: .error))
    }

    static func call(_ service: AvatarService, _ target: String, peer: String = "192.0.2.1", headers: [(name: String, value: String)] = []) -> (response: HTTPResponse, note: AnswerNote) {
        let answer = Locked<(HTTPResponse, AnswerNote)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let responder = HTTPResponder { response, note in
            answer.withLock { $0 = (response, AnswerNote(note)) }
            done.signal()
        }
        switch service.handle(ServiceTestSupport.head(target, headers: headers), context: HTTPRequestContext(peer: peer), responder: responder) {
        case .respond(let response, let note): return (response, AnswerNote(note))
        case .deferred:
            done.wait()
            return answer.withLock { $0! }
        }
    }

    func signing() throws -> AvatarService {
        try Self.service {
            $0.security.signingKeys = [Self.key, "an older signing key, still valid"]
            $0.security.requireSignature = true
        }
    }

    @Test("with signatures required, an unsigned /avatar or /group is a 403 with a one-line reason")
    func unsigned() throws {
        let service = try signing()
        for target in ["/avatar/Jane", "/group/a,b?max=2", "/avatar/Jane?size=64&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"] {
            let answer = Self.call(service, target).response
            #expect(answer.status.code == 403)
            #expect(answer.header("Cache-Control") == "no-store")
            #expect(answer.text.hasSuffix("\n") && answer.text.dropLast().contains("\n") == false)
        }
        #expect(Self.call(service, "/avatar/Jane").response.text.contains("signature required"))
    }

    @Test("a 403 asked for by an <img> is the placeholder with the reason in X-Avatar-Error")
    func imageBody() throws {
        let answer = Self.call(try signing(), "/avatar/Jane?sig=abc", headers: [("Accept", "image/avif,image/webp,*/*;q=0.8")]).response
        #expect(answer.status.code == 403)
        #expect(answer.header("Content-Type") == "image/png")
        #expect(answer.header("X-Avatar-Error")?.contains("43 base64url") == true)
    }

    @Test("/, /healthz and /metrics need no signature")
    func unsignedRoutes() throws {
        let service = try signing()
        for target in ["/", "/healthz", "/metrics"] { #expect(Self.call(service, target).response.status.code == 200) }
        #expect(Self.call(service, "/nope").response.status.code == 404)
    }

    @Test("a signed URL is answered, and signed by either key it is the same cache entry and ETag")
    func signedShareCache() throws {
        let service = try signing()
        let target = "/avatar/Signed%20Person?size=40&shape=circle"
        let first = Self.call(service, try URLSigner(keys: [Self.key]).sign(target))
        #expect(first.response.status.code == 200)
        #expect(first.note == .miss)
        let other = Self.call(service, try URLSigner(keys: ["an older signing key, still valid"]).sign(target))
        #expect(other.note == .hit)
        #expect(other.response.body.withUnsafeBufferPointer { $0.baseAddress } == first.response.body.withUnsafeBufferPointer { $0.baseAddress })
        // Parameter order still does not matter once signed.
        let reordered = Self.call(service, try URLSigner(keys: [Self.key]).sign("/avatar/Signed%20Person?shape=circle&size=40"))
        #expect(reordered.note == .hit)
        // And the ETag is the one a server without signatures gives the same request.
        let plain = Self.call(try Self.service { _ in }, target).response
        #expect(plain.header("ETag") == first.response.header("ETag"))
    }

    @Test("a verified URL seen again skips the HMAC, but the same URL with another sig does not")
    func aliasNeedsSameBytes() throws {
        let service = try signing()
        let signed = try URLSigner(keys: [Self.key]).sign("/avatar/Alias?size=24")
        #expect(Self.call(service, signed).response.status.code == 200)
        #expect(Self.call(service, signed).note == .hit)
        let forged = String(signed.dropLast()) + (signed.hasSuffix("A") ? "B" : "A")
        #expect(Self.call(service, forged).response.status.code == 403)
    }

    @Test("over its budget a client gets 429 with Retry-After; hits, 304s and other clients are served")
    func budget() throws {
        let service = try Self.service { $0.limits.clientRendersPerSecond = 0.01; $0.limits.clientBurst = 3 }
        let warm = Self.call(service, "/avatar/Warm?size=64", peer: "192.0.2.1")
        #expect(warm.response.status.code == 200)
        let etag = try #require(warm.response.header("ETag"))
        for name in ["B1", "B2"] { #expect(Self.call(service, "/avatar/\(name)?size=64", peer: "192.0.2.1").response.status.code == 200) }
        let refused = Self.call(service, "/avatar/B3?size=64", peer: "192.0.2.1").response
        #expect(refused.status.code == 429)
        #expect(refused.header("Cache-Control") == "no-store")
        #expect(Int(refused.header("Retry-After") ?? "") ?? 0 >= 99)
        #expect(refused.text.contains("budget"))
        // Hits (also by another spelling, so not via the alias) and revalidations are free.
        #expect(Self.call(service, "/avatar/Warm?size=64", peer: "192.0.2.1").note == .hit)
        #expect(Self.call(service, "/avatar/Warm?size=64&v=2", peer: "192.0.2.1").response.status.code == 200)
        #expect(Self.call(service, "/avatar/Warm?size=064", peer: "192.0.2.1", headers: [("If-None-Match", etag)]).response.status.code == 304)
        #expect(Self.call(service, "/avatar/B3?size=64", peer: "192.0.2.2").response.status.code == 200)
        #expect(Self.call(service, "/avatar/B4?size=64", peer: "192.0.2.1").response.status.code == 429)
        #expect(service.metrics.exposition().contains("monogram_budget_refused_total 2\n"))
        #expect(service.metrics.exposition().contains("monogram_budget_clients 2\n"))
    }

    @Test("a prebuilt 429 (Retry-After under a minute) says the right seconds, as text or image")
    func prebuiltRefusals() throws {
        let service = try Self.service { $0.limits.clientRendersPerSecond = 0.1; $0.limits.clientBurst = 10 }
        for index in 0..<10 { #expect(Self.call(service, "/avatar/Pre\(index)").response.status.code == 200) }
        let text = Self.call(service, "/avatar/Pre10").response
        #expect(text.status.code == 429)
        #expect(text.header("Retry-After") == "10")
        #expect(text.text == "render budget of this client exceeded; retry in 10 s\n")
        let image = Self.call(service, "/avatar/Pre10", headers: [("Accept", "image/png")]).response
        #expect(image.header("Retry-After") == "10")
        #expect(image.header("Content-Type") == "image/png")
        #expect(image.header("Cache-Control") == "no-store")
    }

    @Test("a render costs at least its 128² tiles: a 1024 px PNG takes a burst of 64 at once, a 129 px one 2")
    func cost() throws {
        let service = try Self.service { $0.limits.clientRendersPerSecond = 0.01; $0.limits.clientBurst = 64 }
        #expect(Self.call(service, "/avatar/Big?size=1024").response.status.code == 200)
        #expect(Self.call(service, "/avatar/Small?size=16").response.status.code == 429)
        #expect(Self.call(service, "/avatar/Small.json?size=16", peer: "192.0.2.9").response.status.code == 200)
        let rounded = try Self.service { $0.limits.clientRendersPerSecond = 0.01; $0.limits.clientBurst = 3 }
        #expect(Self.call(rounded, "/avatar/Odd?size=129").response.status.code == 200)
        #expect(Self.call(rounded, "/avatar/Even?size=128").response.status.code == 200)
        #expect(Self.call(rounded, "/avatar/Over?size=16").response.status.code == 429)
    }

    @Test("through a trusted proxy the forwarded client is charged, not the proxy")
    func forwarded() throws {
        let service = try Self.service {
            $0.limits.clientRendersPerSecond = 0.01
            $0.limits.clientBurst = 1
            $0.server.trustedProxies = ["10.0.0.0/8"]
        }
        let viaProxy = { (client: String, name: String) in
            Self.call(service, "/avatar/\(name)", peer: "10.1.1.1", headers: [("X-Forwarded-For", client)]).response.status.code
        }
        #expect(viaProxy("198.51.100.1", "F1") == 200)
        #expect(viaProxy("198.51.100.1", "F2") == 429)
        #expect(viaProxy("198.51.100.2", "F2") == 200)
    }
}
