import Foundation
import MonogramRender
import Testing

@Suite("live JPEG answers (API §11)")
struct LiveJPEGTests {
    @Test("the .jpg and .jpeg suffixes and format=jpeg (or jpg) give one JPEG answer with every §4 header",
          arguments: ["/avatar/Jane%20Roe", "/group/Jane%20Roe,Bob,Kim"])
    func spellings(_ path: String) throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let answers = try [
            client.get("\(path).jpg?size=64&shape=circle"), client.get("\(path).jpeg?size=64&shape=circle"),
            client.get("\(path)?shape=circle&format=jpeg&size=64"), client.get("\(path)?format=JPG&shape=circle&size=64"),
        ]
        for answer in answers {
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "image/jpeg")
            #expect(answer.header("Content-Length") == String(answer.body.count))
            #expect(answer.header("ETag") == answers[0].header("ETag"))
            #expect(answer.body == answers[0].body)
            #expect(answer.header("Vary") == nil) // the URL names the format, as for WebP and AVIF
            #expect(answer.header("X-Avatar-Source") == "initials")
        }
        #expect(Array(answers[0].body.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(try client.get("\(path).png?size=64&shape=circle").header("ETag") != answers[0].header("ETag"))
    }

    @Test("decodes at size × dpr pixels", arguments: [(16, "1"), (64, "1"), (48, "2"), (128, "1.5"), (256, "3")])
    func decodes(size: Int, dpr: String) throws {
        let server = try MonogramProcess()
        let answer = try RawClient(port: server.port).get("/avatar/Zo%C3%AB%20Kim.jpg?size=\(size)&dpr=\(dpr)")
        #expect(answer.status == 200)
        let (image, _) = try JPEGCodec.decode(answer.body)
        let side = Int((Double(size) * Double(dpr)!).rounded())
        #expect(image.width == side && image.height == side)
        // Opaque, and the same picture as the PNG (a square has no matte to show).
        let png = try PNGCodec.decode(RawClient(port: server.port).get("/avatar/Zo%C3%AB%20Kim.png?size=\(size)&dpr=\(dpr)").body)
        var difference = 0
        for i in stride(from: 0, to: png.pixels.count, by: 4) {
            for channel in 0..<3 { difference += abs(Int(png.pixels[i + channel]) - Int(image.pixels[i + channel])) }
        }
        #expect(Double(difference) / Double(side * side * 3) < 4, "mean channel difference to the PNG")
    }

    @Test("pixels outside a circle are the matte: white by default, the matte parameter's colour otherwise",
          arguments: [(nil, (255, 255, 255)), ("000", (0, 0, 0)), ("%23336699", (0x33, 0x66, 0x99)), ("ff8000", (255, 128, 0))])
    func matte(_ matte: String?, _ expected: (Int, Int, Int)) throws {
        let server = try MonogramProcess()
        let query = "size=96&shape=circle" + (matte.map { "&matte=\($0)" } ?? "")
        let answer = try RawClient(port: server.port).get("/avatar/Jane%20Roe.jpg?\(query)")
        #expect(answer.status == 200)
        let (image, _) = try JPEGCodec.decode(answer.body)
        for (x, y) in [(0, 0), (95, 0), (0, 95), (95, 95), (2, 2), (93, 93)] {
            let pixel = image[x, y]
            #expect(abs(Int(pixel.red) - expected.0) <= 3 && abs(Int(pixel.green) - expected.1) <= 3 && abs(Int(pixel.blue) - expected.2) <= 3,
                    "corner (\(x), \(y)) is \(pixel)")
        }
        // Inside the circle, away from the letters, it is the avatar's background, not the matte.
        let png = try PNGCodec.decode(RawClient(port: server.port).get("/avatar/Jane%20Roe.png?size=96&shape=circle").body)
        let (inside, drawn) = (image[48, 8], png[48, 8])
        #expect(abs(Int(inside.red) - Int(drawn.red)) <= 4 && abs(Int(inside.blue) - Int(drawn.blue)) <= 4)
    }

    @Test("the matte is part of a JPEG's cache key and ETag, and of no other format's")
    func matteKey() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let white = try client.get("/avatar/Kim.jpg?shape=circle&size=48")
        let spelledWhite = try client.get("/avatar/Kim.jpg?shape=circle&size=48&matte=FFF")
        let black = try client.get("/avatar/Kim.jpg?shape=circle&size=48&matte=000000")
        #expect(white.header("ETag") == spelledWhite.header("ETag"))
        #expect(white.header("ETag") != black.header("ETag"))
        #expect(white.body != black.body)
        let png = try client.get("/avatar/Kim.png?shape=circle&size=48")
        #expect(try client.get("/avatar/Kim.png?shape=circle&size=48&matte=000").header("ETag") == png.header("ETag"))
        let group = try client.get("/group/A,B.jpg?matte=000")
        #expect(try group.header("ETag") != client.get("/group/A,B.jpg").header("ETag"))
        let refused = try client.get("/avatar/Kim.jpg?matte=00000080", headers: ["Accept: text/plain"])
        #expect(refused.status == 400)
        #expect(refused.text.hasPrefix("matte must be"))
    }

    @Test("small images keep full chroma (4:4:4), larger ones are 4:2:0 from the measured switch on")
    func subsampling() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let side = Int(Double(JPEGCodec.subsampledFromPixels).squareRoot())
        for (size, expected) in [(64, JPEGCodec.subsampling444), (side - 1, JPEGCodec.subsampling444), (side, JPEGCodec.subsampling420), (512, JPEGCodec.subsampling420)] {
            let (_, subsampling) = try JPEGCodec.decode(client.get("/avatar/Jane%20Roe.jpg?size=\(size)").body)
            #expect(subsampling == expected, "size \(size)")
        }
    }

    @Test("/gravatar/{hash}.jpg is a JPEG, also for the defaults")
    func gravatarDefaults() throws {
        let server = try MonogramProcess()
        let answer = try RawClient(port: server.port).get("/gravatar/\(String(repeating: "ab", count: 16)).jpg?s=64&d=identicon")
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "image/jpeg")
        #expect(try JPEGCodec.decode(answer.body).image.width == 64)
    }
}
