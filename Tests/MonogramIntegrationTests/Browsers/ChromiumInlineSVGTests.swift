import Foundation
import MonogramRender
import Testing

/// API §10: SVG answers inlined into one HTML page render exactly as each does alone, because
/// their ids carry a token of the answer's key. The same page with the tokens stripped (every
/// SVG using cairo's `clip1`, `glyph0-1`, …) must not: that control proves the comparison can
/// see a collision.
@Suite("inline SVG in headless Chromium", .serialized)
struct ChromiumInlineSVGTests {
    /// Where each SVG sits on the page, and the box compared.
    static let boxes = [(x: 8, y: 8, side: 96), (x: 120, y: 8, side: 96), (x: 232, y: 8, side: 96)]

    /// The SVG documents as an HTML page would inline them (the XML declaration dropped).
    static func inlined(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return svg }
        return String(svg[start.lowerBound...])
    }

    /// A page with `svgs[i]` in box i, or an empty box where it is nil.
    static func page(_ svgs: [String?]) -> String {
        var body = ""
        for (index, svg) in svgs.enumerated() {
            let box = boxes[index]
            body += "<div style=\"position:absolute;left:\(box.x)px;top:\(box.y)px;width:\(box.side)px;height:\(box.side)px\">\(svg ?? "")</div>\n"
        }
        return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>inline</title></head>"
            + "<body style=\"margin:0;background:#fff\">\(body)</body></html>"
    }

    func shoot(_ browser: HeadlessChromium, _ html: String) throws -> [RGBAImage] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-inline-\(UUID().uuidString).html")
        try html.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try browser.open(file.absoluteString)
        return try Self.boxes.map { box in
            let result = try browser.send("Page.captureScreenshot", [
                "format": "png", "clip": ["x": box.x, "y": box.y, "width": box.side, "height": box.side, "scale": 1],
            ])
            let data = try #require((result["data"] as? String).flatMap { Data(base64Encoded: $0) })
            return try PNGCodec.decode([UInt8](data))
        }
    }

    /// Pixels that differ by more than a rounding step in any channel.
    static func differing(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return Int.max }
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                if [(p.red, q.red), (p.green, q.green), (p.blue, q.blue)].contains(where: { abs(Int($0) - Int($1)) > 2 }) { count += 1 }
            }
        }
        return count
    }

    @Test("three different SVG answers inlined in one page each render as they do alone; without the id tokens they do not")
    func inlineTogether() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let svgs = try [
            "/avatar/Jane%20Roe.svg?size=96&shape=circle",
            "/avatar/Sam%20Lee.svg?size=96&shape=rounded&gradient=true",
            "/group/Ann,Bob.svg?size=56&shape=circle",
        ].map { path in
            let response = try client.get(path)
            #expect(response.status == 200, "\(path)")
            return Self.inlined(response.text)
        }
        let browser = try HeadlessChromium(width: 400, height: 200)
        let together = try shoot(browser, Self.page(svgs))
        for index in svgs.indices {
            var alone: [String?] = [nil, nil, nil]
            alone[index] = svgs[index]
            let shot = try shoot(browser, Self.page(alone))[index]
            #expect(Self.differing(together[index], shot) == 0, "SVG \(index) differs inlined with the others")
            // Something was drawn: not a blank box.
            #expect(Self.differing(shot, try shoot(browser, Self.page([nil, nil, nil]))[index]) > 500)
        }

        // The control: the same documents with the tokens stripped share ids, and the later
        // ones pick up the first one's clip paths and glyphs.
        let token = try NSRegularExpression(pattern: "m[0-9a-f]{10}-")
        let stripped = svgs.map { token.stringByReplacingMatches(in: $0, range: NSRange($0.startIndex..., in: $0), withTemplate: "") }
        #expect(stripped[1].contains("id=\"clip1\"") || stripped[1].contains("id=\"glyph0-1\""))
        let collided = try shoot(browser, Self.page(stripped))
        let strippedAlone = try shoot(browser, Self.page([nil, stripped[1], nil]))[1]
        #expect(Self.differing(collided[1], strippedAlone) > 50, "the control found no collision")
    }
}
