import MonogramHTTP
@testable import MonogramService
import Testing

@Suite("AvatarService in process")
struct AvatarServiceTests {
    let service: AvatarService

    init() throws {
        service = try ServiceTestSupport.makeService()
    }

    @Test("routes: /healthz, unknown paths, extra segments, and methods other than GET/HEAD")
    func routes() {
        #expect(ServiceTestSupport.call(service, ServiceTestSupport.head("/healthz")).response.status.code == 200)
        #expect(ServiceTestSupport.call(service, ServiceTestSupport.head("/favicon.ico")).response.status.code == 404)
        #expect(ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/a/b")).response.status.code == 404)
        let post = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/x", method: .post)).response
        #expect(post.status.code == 405)
        #expect(post.header("Allow") == "GET, HEAD")
    }

    @Test("a PNG miss is rendered off the loop, then the same URL is a hit with the same bytes")
    func missThenHit() {
        let first = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/Miss%20Then%20Hit?size=32"))
        #expect(first.note == .miss)
        #expect(first.response.status.code == 200)
        #expect(Array(first.response.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let second = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/Miss%20Then%20Hit?size=32"))
        #expect(second.note == .hit)
        #expect(second.response === first.response)
    }

    @Test("equivalent queries reach the same cache entry", arguments: [
        "/avatar/Eq?shape=circle&size=40",
        "/avatar/Eq?size=40&shape=circle",
        "/avatar/Eq?size=40&shape=CIRCLE&v=2",
        "/avatar/Eq.png?size=40&shape=circle&dpr=1&length=2",
        "/avatar/Eq?size=040&shape=circle&uppercase=yes",
    ])
    func equivalent(target: String) {
        let reference = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/Eq?shape=circle&size=40")).response
        let other = ServiceTestSupport.call(service, ServiceTestSupport.head(target)).response
        #expect(other === reference)
    }

    @Test("JSON answers on the loop thread with the §1 fields")
    func json() {
        let answer = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/Jane%20Roe.json?size=64&shape=rounded"))
        #expect(answer.response.header("Content-Type") == "application/json")
        #expect(answer.response.text == ##"{"name":"Jane Roe","initials":"JR","background":"#795548","color":"#FFFFFF","id":"Jane Roe","shape":"rounded","size":64,"alt":"Jane Roe"}"##)
    }

    @Test("id overrides the name as the colour key")
    func idIsTheColourKey() {
        let byId = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/Someone%20Else.json?id=Jane%20Roe")).response.text
        #expect(byId.contains(##""background":"#795548""##))
        #expect(byId.contains(#""id":"Jane Roe""#))
    }

    @Test("If-None-Match with the ETag answers the prebuilt 304")
    func notModified() throws {
        let first = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/Etag.json")).response
        let etag = try #require(first.header("ETag"))
        let again = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/Etag.json", headers: [("If-None-Match", "W/\(etag)")])).response
        #expect(again.status.code == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == etag)
    }

    @Test("a bad parameter is text for curl and the placeholder PNG for a browser")
    func badParameter() {
        let curl = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/x?dpr=5", headers: [("Accept", "*/*")])).response
        #expect(curl.status.code == 400)
        #expect(curl.text == "dpr must be one of 1, 1.5, 2, 3, 4\n")
        let browser = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/x?dpr=5", headers: [("Accept", "image/webp,*/*;q=0.8")])).response
        #expect(browser.status.code == 400)
        #expect(browser.header("Content-Type") == "image/png")
        #expect(browser.header("X-Avatar-Error") == "dpr must be one of 1, 1.5, 2, 3, 4")
        #expect(browser.body == service.fixed.errors.placeholderPNG)
    }

    @Test("a repeated parameter is a 400")
    func repeated() {
        let response = ServiceTestSupport.call(service, ServiceTestSupport.head("/avatar/x?size=32&size=32")).response
        #expect(response.status.code == 400)
        #expect(response.text == "size given more than once\n")
    }
}
