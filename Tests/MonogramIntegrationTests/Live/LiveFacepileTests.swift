import Foundation
import Testing

private func object(_ response: RawClient.Response) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
}

/// Width and height from a PNG's IHDR chunk.
private func pngSize(_ body: [UInt8]) -> (width: Int, height: Int)? {
    guard body.count >= 24, Array(body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47] else { return nil }
    let word = { (offset: Int) in body[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
}

@Suite("live facepiles, alt text, inline SVG and palettes (API §10)")
struct LiveFacepileTests {
    @Test("total, id, dir and distinct on /group; alt in the JSON; each a cache key of its own")
    func group() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let json = try object(try client.get("/group/Jane%20Roe,Sam%20Lee,Kim,Bo,Al.json?max=2&more=1&total=2340&id=u1&id=&id=u3"))
        #expect(json["alt"] as? String == "Jane Roe, Sam Lee and 2338 others")
        #expect(json["more"] as? Int == 2338 && json["total"] as? Int == 2340)
        let faces = try #require(json["faces"] as? [[String: Any]])
        #expect(faces.map { $0["id"] as? String } == ["u1", "Sam Lee"])
        let alone = try object(try client.get("/avatar/Someone.json?id=u1"))
        #expect(faces[0]["background"] as? String == alone["background"] as? String)

        let none = try object(try client.get("/group/Jane%20Roe,Sam%20Lee.json"))
        #expect(none["alt"] as? String == "Jane Roe, Sam Lee")
        #expect(try object(try client.get("/group/a,b,c.json?max=2"))["alt"] as? String == "a, b and 1 other")

        let ltr = try client.get("/group/a,b,c,d.png?more=1&max=3")
        let rtl = try client.get("/group/a,b,c,d.png?more=1&max=3&dir=rtl")
        #expect(rtl.status == 200 && pngSize(rtl.body)?.width == pngSize(ltr.body)?.width)
        #expect(rtl.header("ETag") != ltr.header("ETag") && rtl.body != ltr.body)
        let many = try client.get("/group/a,b.png?more=1&total=100000")
        let few = try client.get("/group/a,b.png?more=1&total=50")
        #expect(many.status == 200 && few.status == 200 && many.body != few.body)
        let distinct = try client.get("/group/a,b,c.png?distinct=true")
        #expect(distinct.status == 200)
        #expect(try client.get("/group/a,b,c.json?dir=rtl").status == 200)
    }

    @Test("each bad new parameter is a 400 naming it", arguments: [
        ("/group/a,b,c?total=2", "total"), ("/group/a,b?total=1000001", "total"), ("/group/a?total=x", "total"),
        ("/group/a?id=x&id=y", "id"), ("/group/a,b?dir=down", "dir"), ("/group/a,b?distinct=maybe", "distinct"),
        ("/avatar/a?palette=nope", "palette"), ("/group/a,b?palette=nope", "palette"), ("/avatar/a?colors=FFF", "colors"),
        ("/avatar/a?colors=FFF,GGG", "colors"), ("/avatar/a?palette=accessible&colors=FFF,000", "colors"),
        ("/avatar/a?gradient=2", "gradient"), ("/avatar/a.svg?gradient=1&theme=auto", "gradient"),
        ("/group/a,b?total=3&total=3", "total"),
    ])
    func refusals(target: String, parameter: String) throws {
        let server = try MonogramProcess()
        let response = try RawClient(port: server.port).get(target)
        #expect(response.status == 400)
        #expect(response.text.hasPrefix(parameter + " "), "\(response.text)")
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test("alt in /avatar JSON; SVG answers carry role=img, the escaped title and prefixed ids")
    func alt() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        #expect(try object(try client.get("/avatar/Jane%20Roe.json"))["alt"] as? String == "Jane Roe")
        #expect(try object(try client.get("/avatar/.json"))["alt"] as? String == "Unknown user")
        let svg = try client.get("/avatar/Tom%20%26%20%3CJerry%3E.svg?shape=circle").text
        #expect(svg.contains(#"role="img""#) && svg.contains("<title>Tom &amp; &lt;Jerry&gt;</title>"))
        let placeholder = try client.get("/avatar/.svg").text
        #expect(placeholder.contains("<title>Unknown user</title>"))
        let group = try client.get("/group/Ann,Bob,Cy,Di.svg?max=2").text
        #expect(group.contains("<title>Ann, Bob and 2 others</title>"))
        // Two different answers never share an id.
        let other = try client.get("/avatar/Sam%20Lee.svg?shape=circle").text
        let ids = { (text: String) in Set(text.components(separatedBy: #" id=""#).dropFirst().map { $0.prefix { $0 != "\"" } }) }
        #expect(!ids(svg).isEmpty && ids(svg).isDisjoint(with: ids(other)))
        #expect(ids(group).isDisjoint(with: ids(svg)))
        // The same answer again is the same bytes (the prefix comes from the key, not a counter).
        #expect(try client.get("/avatar/Tom%20%26%20%3CJerry%3E.svg?shape=circle").text == svg)
    }

    @Test("palettes: palette=accessible, a configured palette, colors= and gradient in every format")
    func palettes() throws {
        let server = try MonogramProcess(config: ["render": ["palettes": ["brand": ["#FFEB3B", "0D47A1"]]]])
        let client = try RawClient(port: server.port)
        let accessible = try object(try client.get("/avatar/Jane%20Roe.json?palette=accessible"))
        let accessibleColours = ["#EE0000", "#4400FF", "#883355", "#3377CC", "#667755", "#7722BB", "#AA0000", "#995599"]
        #expect(accessibleColours.contains(accessible["background"] as? String ?? ""))
        for name in ["Jane%20Roe", "Sam", "Kim%20Lee", "Ola"] {
            let brand = try object(try client.get("/avatar/\(name).json?palette=Brand"))
            let background = try #require(brand["background"] as? String)
            #expect(["#FFEB3B", "#0D47A1"].contains(background))
            #expect(brand["color"] as? String == (background == "#FFEB3B" ? "#1F1F1F" : "#FFFFFF"))
            let oneOff = try object(try client.get("/avatar/\(name).json?colors=FFEB3B,0D47A1"))
            #expect(oneOff["background"] as? String == background)
        }
        let gradient = try object(try client.get("/avatar/Jane%20Roe.json?gradient=true"))
        let stops = try #require((gradient["gradient"] as? [String: Any])?["stops"] as? [String])
        #expect(stops.count == 2 && stops[0] == gradient["background"] as? String && stops[0] != stops[1])
        for format in ["png", "svg", "webp", "avif"] {
            let answer = try client.get("/avatar/Jane%20Roe.\(format)?gradient=true&palette=accessible&size=64")
            #expect(answer.status == 200, "\(format)")
            let plain = try client.get("/avatar/Jane%20Roe.\(format)?size=64")
            #expect(answer.body != plain.body && answer.header("ETag") != plain.header("ETag"), "\(format)")
        }
        #expect(try client.get("/avatar/Jane%20Roe.svg?gradient=1").text.contains("linearGradient"))
        #expect(try client.get("/group/a,b,c.png?gradient=1&palette=brand&distinct=1").status == 200)
    }

    @Test("a bad render.palettes entry stops the server with the key named")
    func badConfiguration() throws {
        #expect(throws: (any Error).self) {
            _ = try MonogramProcess(config: ["render": ["palettes": ["default": ["#FFFFFF"]]]])
        }
    }
}
