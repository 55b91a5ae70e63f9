import Foundation
import MonogramRender
import MonogramRenderTestSupport
import Testing

@Suite("live WebP and AVIF answers")
struct LiveFormatTests {
    static let formats: [(suffix: String, type: String)] = [("webp", "image/webp"), ("avif", "image/avif")]

    @Test("suffix and format= both select WebP/AVIF on /avatar and /group, with every §4 header",
          arguments: ["webp", "avif"], ["/avatar/Jane%20Roe", "/group/Jane%20Roe,Bob,Kim"])
    func headers(_ format: String, _ path: String) throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let type = format == "webp" ? "image/webp" : "image/avif"
        let bySuffix = try client.get("\(path).\(format)?size=64&shape=circle")
        let byParameter = try client.get("\(path)?shape=circle&format=\(format)&size=64")
        for response in [bySuffix, byParameter] {
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == type)
            #expect(response.header("Content-Length") == String(response.body.count))
            #expect(response.header("Date")?.hasSuffix("GMT") == true)
            #expect(response.header("ETag")?.hasPrefix("\"") == true)
            #expect(response.header("Cache-Control") == "public, max-age=604800")
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("X-Avatar-Source") == "initials")
            #expect(response.header("Content-Security-Policy") == nil)
        }
        #expect(bySuffix.header("ETag") == byParameter.header("ETag"))
        #expect(bySuffix.body == byParameter.body)
        let png = try PNGCodec.decode(client.get("\(path).png?size=64&shape=circle").body)
        if format == "webp" {
            #expect(try WebPCodec.decode(bySuffix.body) == png)
        } else {
            let avif = try AVIFCodec.decode(bySuffix.body)
            #expect(avif.width == png.width && avif.height == png.height)
        }
    }

    @Test("each format has its own ETag and cache entry; 304 and HEAD work per format", arguments: ["webp", "avif"])
    func revalidation(_ format: String) throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let png = try client.get("/avatar/Kim?size=48")
        let first = try client.get("/avatar/Kim.\(format)?size=48")
        let etag = try #require(first.header("ETag"))
        #expect(etag != png.header("ETag"))
        let again = try client.get("/avatar/Kim.\(format)?size=48")
        #expect(again.body == first.body && again.header("ETag") == etag)
        let notModified = try client.get("/avatar/Kim.\(format)?size=48", headers: ["If-None-Match: \(etag)"])
        #expect(notModified.status == 304 && notModified.body.isEmpty && notModified.header("ETag") == etag)
        // The PNG's ETag does not revalidate the other format.
        let other = try client.get("/avatar/Kim.\(format)?size=48", headers: ["If-None-Match: \(png.header("ETag") ?? "")"])
        #expect(other.status == 200)
        try client.send("HEAD /avatar/Kim.\(format)?size=48 HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(head: true)
        #expect(head.status == 200 && head.header("ETag") == etag)
        #expect(head.header("Content-Length") == String(first.body.count))
        #expect(head.header("Content-Type") == (format == "webp" ? "image/webp" : "image/avif"))
        let metrics = try client.get("/metrics").text
        #expect(metrics.contains("monogram_cache_entries{cache=\"images\"} 2"), "one entry per format")
    }

    @Test("AVIF past the documented pixel count is a 400 naming format; WebP at that size is fine", arguments: [
        "/avatar/Jane.avif?size=1024&dpr=1.5", "/avatar/Jane?size=1024&dpr=4&format=avif",
        "/group/Ann,Bob,Cy.avif?size=512&dpr=2",
    ])
    func avifTooLarge(_ target: String) throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let response = try client.get(target)
        #expect(response.status == 400)
        #expect(response.text.hasPrefix("format avif allows at most 1048576 pixels"), "\(response.text)")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(try client.get("/avatar/Jane.avif?size=512&dpr=2").status == 200, "1024² is the largest allowed")
    }

    @Test("WebP past 2048² pixels is a 400 naming format (its encoder's memory must fit the render budget)")
    func webpTooLarge() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let response = try client.get("/avatar/Jane.webp?size=1024&dpr=4")
        #expect(response.status == 400)
        #expect(response.text.hasPrefix("format webp allows at most 4194304 pixels"), "\(response.text)")
        #expect(try client.get("/avatar/Jane.png?size=1024&dpr=4").status == 200, "PNG has no such limit")
    }

    @Test("an unknown format is a 400 listing every format")
    func unknownFormat() throws {
        let server = try MonogramProcess()
        let response = try RawClient(port: server.port).get("/avatar/Jane?format=gif")
        #expect(response.status == 400)
        #expect(response.text.trimmingCharacters(in: .whitespacesAndNewlines) == "format must be png, svg, json, webp, avif or jpeg")
    }
}
