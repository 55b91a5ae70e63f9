import Dispatch
import Glibc
import MonogramCore
import MonogramHTTP
import MonogramRender
@testable import MonogramService
import MonogramSync
import Testing

@Suite("POST /purge and the tag header (API §9)")
struct PurgeRouteTests {
    static let key = "purge-test-key-0123456789"

    func service(_ change: (inout Configuration) -> Void = { _ in }) throws -> AvatarService {
        let renderer = try Renderer(configuration: RendererConfiguration(masksDirectory: ServiceTestSupport.packageRoot + "/config/masks"))
        var configuration = Configuration()
        configuration.render.workers = 1
        configuration.security.signingKeys = [PurgeRouteTests.key]
        change(&configuration)
        return try AvatarService(configuration: configuration, renderer: renderer, logger: Logger())
    }

    func call(_ service: AvatarService, _ head: HTTPRequestHead, peer: String = "127.0.0.1") -> HTTPResponse {
        let answer = Locked<HTTPResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        let responder = HTTPResponder { response, _ in
            answer.withLock { $0 = response }
            done.signal()
        }
        switch service.handle(head, context: HTTPRequestContext(peer: peer), responder: responder) {
        case .respond(let response, _): return response
        case .deferred:
            done.wait()
            return answer.withLock { $0! }
        }
    }

    func post(_ service: AvatarService, _ body: String, target: String = "/purge", peer: String = "127.0.0.1",
              headers: [(name: String, value: String)] = [("Content-Type", "application/x-www-form-urlencoded")]) -> HTTPResponse {
        var head = HTTPRequestHead(method: .post, target: target, headers: [("Host", "test")] + headers)
        head.body = Array(body.utf8)
        return call(service, head, peer: peer)
    }

    func get(_ service: AvatarService, _ target: String) -> HTTPResponse {
        call(service, HTTPRequestHead(method: .get, target: target, headers: [("Host", "test")]))
    }

    @Test("every image answer carries monogram and its people's tags, in every format, on the 304 too")
    func tagHeader() throws {
        let service = try service { $0.cache.tagHeader = "xkey" }
        let jane = CacheTag.text(CacheTag.person("jane roe")), sam = CacheTag.text(CacheTag.person("Sam Lee"))
        for target in ["/avatar/Jane%20Roe", "/avatar/JANE%20ROE.svg?size=40", "/avatar/Someone.json?id=Jane%20Roe", "/avatar/J.webp?id=jane%20roe&theme=dark"] {
            let response = get(service, target)
            #expect(response.status.code == 200)
            #expect(response.header("xkey") == "monogram \(jane)", "\(target)")
            #expect(response.header("Surrogate-Key") == nil)
        }
        let group = get(service, "/group/Jane%20Roe,Sam%20Lee,jane%20roe.png")
        #expect(group.header("xkey") == "monogram \(jane) \(sam)")
        let etag = try #require(group.header("ETag"))
        let revalidated = call(service, HTTPRequestHead(method: .get, target: "/group/Jane%20Roe,Sam%20Lee,jane%20roe.png", headers: [("If-None-Match", etag)]))
        #expect(revalidated.status.code == 304 && revalidated.header("xkey") == group.header("xkey"))
        #expect(get(service, "/avatar/").header("xkey") == "monogram")
        // Errors carry none.
        #expect(get(service, "/avatar/x?size=1").header("xkey") == nil)
    }

    @Test("a purge from an allowed address drops exactly its people's answers and says how many")
    func purgeDrops() throws {
        let service = try service()
        let jane = CacheTag.text(CacheTag.person("Jane Roe"))
        for target in ["/avatar/Jane%20Roe", "/avatar/Jane%20Roe?size=64", "/group/Jane%20Roe,Sam%20Lee", "/avatar/Sam%20Lee"] {
            #expect(get(service, target).status.code == 200)
        }
        let purged = post(service, "tags=\(jane)+p-0000000000000000")
        #expect(purged.status.code == 200)
        #expect(purged.text == "3\n")
        #expect(post(service, "tags=\(jane)").text == "0\n")
        #expect(post(service, "tags=monogram").text == "1\n")
        #expect(post(service, "tags=p-1").status.code == 400)
        #expect(post(service, "tags=monogram", headers: [("Content-Type", "multipart/form-data; boundary=x")]).status.code == 400)
        #expect(post(service, "tags=monogram", headers: []).status.code == 200)
    }

    @Test("anyone else needs a signed target; a wrong or missing signature is a 403")
    func authorisation() throws {
        let service = try service()
        #expect(post(service, "tags=monogram", peer: "192.0.2.7").status.code == 403)
        let signed = try SignCommand.signed("/purge", body: "tags=monogram", keys: [PurgeRouteTests.key]).get()
        #expect(post(service, "tags=monogram", target: signed, peer: "192.0.2.7").status.code == 200)
        let other = try SignCommand.signed("/purge", body: "tags=monogram", keys: ["another-key-0123456789abc"]).get()
        #expect(post(service, "tags=monogram", target: other, peer: "192.0.2.7").status.code == 403)
        #expect(post(service, "tags=monogram", peer: "::1").status.code == 200)
        let open = try self.service { $0.cache.purgeFrom = ["192.0.2.0/24"] }
        #expect(post(open, "tags=monogram", peer: "192.0.2.7").status.code == 200)
        #expect(post(open, "tags=monogram", peer: "127.0.0.1").status.code == 403)
        let get = get(service, "/purge")
        #expect(get.status.code == 405 && get.header("Allow") == "POST")
    }

    @Test("a signed purge covers its body: without body=, or with another body's digest, it is a 403 that says so")
    func signedBody() throws {
        let service = try service()
        let signer = URLSigner(keys: [PurgeRouteTests.key])
        let bare = post(service, "tags=monogram", target: try signer.sign("/purge"), peer: "192.0.2.7")
        #expect(bare.status.code == 403)
        #expect(bare.text.contains("body="))
        let signed = try SignCommand.signed("/purge", body: "tags=p-0123456789abcdef", keys: [PurgeRouteTests.key]).get()
        #expect(post(service, "tags=p-0123456789abcdef", target: signed, peer: "192.0.2.7").status.code == 200)
        let replayed = post(service, "tags=monogram", target: signed, peer: "192.0.2.7")
        #expect(replayed.status.code == 403, "the same signature with another body")
        #expect(replayed.text.contains("does not match"))
        let twice = try signer.sign("/purge?body=\(PurgeSignature.digest(Array("tags=monogram".utf8)))&body=x")
        #expect(post(service, "tags=monogram", target: twice, peer: "192.0.2.7").status.code == 403)
        #expect(post(service, "tags=monogram", target: signed, peer: "127.0.0.1").status.code == 200, "cache.purge_from needs no signature")
    }

    /// Attack (issue 23 attack pass): Varnish on the same host (deploy/varnish/backends.vcl's
    /// example: replicas at 127.0.0.1) passes `POST /purge` from anyone, and without
    /// `server.trusted_proxies` every request reaches the replica from 127.0.0.1, inside the
    /// default `cache.purge_from`: any client of the edge could empty the replicas' caches.
    /// A request that says it was forwarded for someone (`X-Forwarded-For`, `Forwarded`) by a
    /// peer that is not a trusted proxy is not authorised by the peer's address.
    @Test("a purge forwarded by a proxy that is not trusted is not authorised by the proxy's address")
    func forwardedByUntrustedProxy() throws {
        let service = try service { $0.security.signingKeys = [PurgeRouteTests.key] }
        let form = ("Content-Type", "application/x-www-form-urlencoded")
        #expect(post(service, "tags=monogram", headers: [form, ("X-Forwarded-For", "203.0.113.9")]).status.code == 403)
        #expect(post(service, "tags=monogram", headers: [form, ("X-Forwarded-For", "127.0.0.1")]).status.code == 403)
        #expect(post(service, "tags=monogram", headers: [form, ("Forwarded", "for=203.0.113.9")]).status.code == 403)
        #expect(post(service, "tags=monogram", peer: "::1", headers: [form, ("X-Forwarded-For", "203.0.113.9")]).status.code == 403)
        // A signed purge through any proxy still works; a direct one from loopback too.
        let signed = try SignCommand.signed("/purge", body: "tags=monogram", keys: [PurgeRouteTests.key]).get()
        #expect(post(service, "tags=monogram", target: signed, headers: [form, ("X-Forwarded-For", "203.0.113.9")]).status.code == 200)
        #expect(post(service, "tags=monogram", headers: [form]).status.code == 200)
        // Through a trusted proxy, the forwarded client is who is checked.
        let trusted = try self.service { $0.server.trustedProxies = ["127.0.0.1"] }
        #expect(post(trusted, "tags=monogram", headers: [form, ("X-Forwarded-For", "203.0.113.9")]).status.code == 403)
        #expect(post(trusted, "tags=monogram", headers: [form, ("X-Forwarded-For", "127.0.0.5")]).status.code == 200)
        // A trusted proxy that passes on what the client wrote (`unknown`, garbage): the budget
        // then charges the proxy, but the proxy's loopback address must not authorise a purge.
        #expect(post(trusted, "tags=monogram", headers: [form, ("X-Forwarded-For", "unknown")]).status.code == 403)
        #expect(post(trusted, "tags=monogram", headers: [form, ("X-Forwarded-For", "<x>, 127.0.0.1")]).status.code == 403)
    }
}

@Suite("the tag of a /gravatar answer (API §9)")
struct GravatarTagTests {
    @Test("a known hash carries its entry's key; an unknown one the hash itself, in lower case")
    func gravatarTags() throws {
        let path = "/tmp/monogram-gravatar-tag-\(UInt64.random(in: 0...UInt64.max)).csv"
        let file = fopen(path, "w")
        fputs("email,name,id\nann@example.com,Ann Lee,emp-7\n", file)
        fclose(file)
        defer { unlink(path) }
        let tests = PurgeRouteTests()
        let service = try tests.service { $0.gravatar.directory = path }
        let sources = service.gravatarDirectory()
        defer { sources.forEach { $0.cancel() } }
        let ann = "257c57037d384ae37ea27a07e8a01665"  // MD5 of ann@example.com (Python hashlib)
        for target in ["/gravatar/\(ann)?s=40", "/gravatar/\(ann.uppercased()).png?d=identicon", "/avatar/Anyone?id=EMP-7"] {
            #expect(tests.get(service, target).header("Surrogate-Key") == "monogram " + CacheTag.text(CacheTag.person("emp-7")), "\(target)")
        }
        let unknown = "0123456789ABCDEF0123456789ABCDEF"
        #expect(tests.get(service, "/gravatar/\(unknown)?d=initials&name=Zed").header("Surrogate-Key")
            == "monogram " + CacheTag.text(CacheTag.person(unknown.lowercased())))
    }
}
