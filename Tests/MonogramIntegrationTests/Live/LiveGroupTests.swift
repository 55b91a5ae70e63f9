import Foundation
import Testing

/// Width and height from a PNG's IHDR chunk (big-endian at bytes 16…23).
private func pngSize(_ body: [UInt8]) -> (width: Int, height: Int)? {
    guard body.count >= 24, Array(body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47] else { return nil }
    let word = { (offset: Int) in body[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
}

private func object(_ response: RawClient.Response) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
}

@Suite("live /group over real sockets")
struct LiveGroupTests {
    @Test("serves a PNG row exactly as wide as its faces, with every §4 header; HEAD matches")
    func png() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let response = try client.get("/group/Jane%20Roe,John%20Smith,Ann%20Lee,Bob,Kim.png?more=true&dpr=2")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/png")
        #expect(response.header("Content-Length") == String(response.body.count))
        #expect(response.header("ETag")?.hasPrefix("\"") == true)
        #expect(response.header("Cache-Control") == "public, max-age=604800")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        let size = try #require(pngSize(response.body))
        #expect(size.width == 128 + 3 * 90 && size.height == 128)

        try client.send("HEAD /group/Jane%20Roe,John%20Smith,Ann%20Lee,Bob,Kim.png?dpr=2&more=true HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(head: true)
        #expect(head.status == 200 && head.header("ETag") == response.header("ETag"))
        #expect(head.header("Content-Length") == String(response.body.count))
        #expect(try client.get("/healthz").status == 200) // no stray body after the HEAD answer
    }

    @Test("JSON lists each face as /avatar does, plus count, more and the bubble")
    func json() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let group = try object(client.get("/group/Jane%20Roe,,Ann%20Lee,Bob.json?more=1&size=40"))
        #expect(group["count"] as? Int == 4 && group["more"] as? Int == 1 && group["bubble"] as? Bool == true)
        #expect(group["size"] as? Int == 40 && group["width"] as? Int == 40 + 3 * 28)
        let faces = try #require(group["faces"] as? [[String: Any]])
        #expect(faces.map { $0["name"] as? String } == ["Jane Roe", "", "Ann Lee"])
        #expect(faces[1]["initials"] as? String == "")
        let single = try object(client.get("/avatar/Jane%20Roe.json?shape=circle&size=40"))
        for key in ["name", "initials", "background", "color", "id", "shape", "size"] {
            #expect(faces[0][key] as? NSObject == single[key] as? NSObject, "\(key)")
        }
        let plain = try object(client.get("/group/Jane%20Roe,Ann%20Lee,Bob,Kim?format=json"))
        #expect(plain["more"] as? Int == 1 && plain["bubble"] as? Bool == false)
    }

    @Test("%2C keeps a comma inside one name; a raw comma separates")
    func comma() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let one = try object(client.get("/group/Roe%2C%20Jane.json"))
        #expect((one["faces"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Roe, Jane"])
        let two = try object(client.get("/group/Roe,%20Jane.json"))
        #expect((two["faces"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Roe", "Jane"])
        let etagOne = try client.get("/group/Roe%2C%20Jane").header("ETag")
        let etagTwo = try client.get("/group/Roe,%20Jane").header("ETag")
        #expect(etagOne != nil && etagOne != etagTwo)
    }

    @Test("empty names draw placeholder faces", arguments: ["/group/", "/group/,", "/group/.png", "/group/%20,"])
    func placeholders(path: String) throws {
        let server = try MonogramProcess()
        let response = try RawClient(port: server.port).get(path)
        #expect(response.status == 200)
        #expect(response.header("X-Avatar-Source") == "placeholder")
    }

    @Test("equivalent queries share one ETag and answer 304; other options do not")
    func etag() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let first = try client.get("/group/a,b,c?size=48&more=1&border-color=transparent")
        let second = try client.get("/group/a,b,c.png?border-color=00000000&more=true&v=7&initials=x&size=48&border=3")
        let other = try client.get("/group/a,b,c?size=48&more=1")
        let etag = try #require(first.header("ETag"))
        #expect(second.header("ETag") == etag && first.body == second.body)
        #expect(other.header("ETag") != etag)
        let revalidated = try client.get("/group/a,b,c?size=48&more=1&border-color=transparent", headers: ["If-None-Match: \(etag)"])
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
    }

    @Test("bad requests are one-line 400s naming the parameter", arguments: [
        ("/group/" + Array(repeating: "x", count: 101).joined(separator: ","),
         "a group must list 1 to 100 names, separated by commas"),
        ("/group/a?overlap=1", "overlap must be a number from 0 to 0.9"),
        ("/group/a?size=600", "size must be an integer from 16 to 512"),
        ("/group/a?max=2&max=2", "max given more than once"),
        ("/group/a?border=5&size=16", "border must be an integer from 0 to 4 (a quarter of size)"),
        ("/group/a,b?picture=&picture=&picture=", "picture given 3 times but the group has 2 names"),
        ("/group/a?picture=ftp%3A%2F%2Fx", "picture must be empty or an absolute http or https URL of at most 2048 bytes"),
        ("/group/a?shape=heart", "shape must be circle, square or rounded"),
    ])
    func badRequests(_ target: String, _ message: String) throws {
        let server = try MonogramProcess()
        let response = try RawClient(port: server.port).get(target)
        #expect(response.status == 400)
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.text == message + "\n")
    }

    @Test("a hundred names are accepted; more path segments are 404")
    func limits() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let hundred = try client.get("/group/" + (0..<100).map { "p\($0)" }.joined(separator: ",") + ".json?more=1&max=10")
        #expect(hundred.status == 200)
        #expect(try object(hundred)["more"] as? Int == 90)
        #expect(try client.get("/group/a/b").status == 404)
    }
}
