import Foundation
import Testing

/// The playground and `<img src>` embedding in a real browser (Debian's headless Chromium).
@Suite("in headless Chromium", .serialized)
struct ChromiumTests {
    /// Resolves once `img` has loaded (or failed) a `src` containing `fragment`.
    static func imageLoaded(_ id: String, containing fragment: String) -> String {
        """
        new Promise((resolve) => {
          const img = document.getElementById(\(JSONText(id)));
          const report = () => resolve(JSON.stringify({src: img.getAttribute("src"), width: img.naturalWidth,
            height: img.naturalHeight, size: Number(document.getElementById("size").value),
            dpr: Number(document.getElementById("dpr").value), url: document.getElementById("avatar-url").value}));
          const check = () => {
            if (!img.getAttribute("src").includes(\(JSONText(fragment)))) return;
            if (img.complete) { report(); return; }
            img.addEventListener("load", report, {once: true});
            img.addEventListener("error", report, {once: true});
          };
          check();
          new MutationObserver(check).observe(img, {attributes: true, attributeFilter: ["src"]});
        })
        """
    }

    static func JSONText(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
    }

    func decode(_ value: Any?) throws -> [String: Any] {
        let text = try #require(value as? String)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the playground: typing a name loads its avatar at size × dpr pixels; screenshot")
    func playground() throws {
        let server = try MonogramProcess()
        let browser = try HeadlessChromium()
        try browser.open("http://127.0.0.1:\(server.port)/")
        _ = try browser.evaluate("const n = document.getElementById('name'); n.focus(); n.select(); true")
        try browser.type("Grace Hopper")
        let typed = try decode(try browser.evaluate(ChromiumTests.imageLoaded("avatar", containing: "Grace%20Hopper")))
        #expect(typed["width"] as? Int == 128)
        #expect(typed["height"] as? Int == 128)
        #expect((typed["url"] as? String)?.hasSuffix("/avatar/Grace%20Hopper") == true)

        // Another size and device pixel ratio: the bitmap is size × dpr, drawn natively.
        _ = try browser.evaluate("""
            document.getElementById('size').value = '80'; document.getElementById('dpr').value = '2';
            document.getElementById('shape').value = 'circle';
            document.getElementById('controls').dispatchEvent(new Event('change')); true
            """)
        let scaled = try decode(try browser.evaluate(ChromiumTests.imageLoaded("avatar", containing: "dpr=2")))
        #expect(scaled["width"] as? Int == 160)
        #expect((scaled["url"] as? String)?.contains("size=80&shape=circle&dpr=2") == true)
        // The copy box's <img>: the 1x URL as src, 2x and 3x in srcset, whatever dpr is picked.
        let html = try browser.evaluate("document.getElementById('avatar-html').value") as? String
        let origin = "http://127.0.0.1:\(server.port)/avatar/Grace%20Hopper?size=80&shape=circle"
        #expect(html == #"<img src="\#(origin)" srcset="\#(origin)&dpr=2 2x, \#(origin)&dpr=3 3x" width="80" height="80" alt="Grace Hopper">"#)
        // Back to the defaults for the picture in the docs.
        _ = try browser.evaluate("""
            document.getElementById('size').value = '128'; document.getElementById('dpr').value = '1';
            document.getElementById('controls').dispatchEvent(new Event('change')); true
            """)
        _ = try browser.evaluate(ChromiumTests.imageLoaded("avatar", containing: "circle"))
        let gallery = try browser.evaluate("""
            Promise.all([...document.querySelectorAll('#gallery img')].map((img) => img.complete ? 0 :
              new Promise((r) => { img.onload = img.onerror = r; }))).then(() =>
              [...document.querySelectorAll('#gallery img')].filter((img) => img.naturalWidth === 64).length)
            """) as? Int
        #expect((gallery ?? 0) >= 15)

        let png = try browser.screenshot()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // RECORD_SCREENSHOTS=1 refreshes the README's picture; otherwise it goes to a temp file.
        let destination = ProcessInfo.processInfo.environment["RECORD_SCREENSHOTS"] == "1"
            ? MonogramProcess.packageRoot + "/docs/playground.png"
            : FileManager.default.temporaryDirectory.appendingPathComponent("monogram-playground.png").path
        try png.write(to: URL(fileURLWithPath: destination))
    }

    @Test("<img src> embedding: avatars load, a bad parameter shows the placeholder, groups load")
    func embedding() throws {
        let server = try MonogramProcess()
        let base = "http://127.0.0.1:\(server.port)"
        // /group is built separately: its images are checked only once the route exists.
        let groupExists = try RawClient(port: server.port).get("/group/a,b").status != 404
        var images: [(id: String, src: String, width: Int, height: Int?)] = [
            ("plain", "/avatar/Jane%20Roe", 128, 128),
            ("sized", "/avatar/%E7%8E%8B%E5%B0%8F%E6%98%8E?size=48&shape=circle", 48, 48),
            ("retina", "/avatar/Ann%20Lee?size=32&dpr=3", 96, 96),
            ("svg", "/avatar/Jane%20Roe.svg?size=64", 64, 64),
            ("bad", "/avatar/Jane%20Roe?size=5000", 128, 128),
        ]
        if groupExists {
            images += [("group", "/group/Ann,Bob,Cy?size=40", 0, 40), ("group-more", "/group/a,b,c,d,e?max=2&more=true&size=32&dpr=2", 0, 64)]
        }
        let page = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>embedding</title></head><body>
            \(images.map { "<img id=\"\($0.id)\" alt=\"\($0.id)\" src=\"\(base)\($0.src)\">" }.joined(separator: "\n"))
            </body></html>
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-embed-\(UUID().uuidString).html")
        try page.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let browser = try HeadlessChromium()
        try browser.open(file.absoluteString)
        let sizes = try decode(try browser.evaluate("""
            Promise.all([...document.images].map((img) => img.complete ? 0 : new Promise((r) => { img.onload = img.onerror = r; })))
              .then(() => JSON.stringify(Object.fromEntries([...document.images].map((img) => [img.id, [img.naturalWidth, img.naturalHeight]]))))
            """))
        for image in images {
            let measured = try #require(sizes[image.id] as? [Int], "\(image.id) missing")
            #expect(measured[0] > 0, "\(image.id) is broken: \(image.src)")
            if image.width > 0 { #expect(measured[0] == image.width, "\(image.id) width") }
            if let height = image.height { #expect(measured[1] == height, "\(image.id) height") }
        }
        let bad = try RawClient(port: server.port).get("/avatar/Jane%20Roe?size=5000", headers: ["Accept: image/avif,image/webp,image/png,image/*,*/*;q=0.8"])
        #expect(bad.status == 400)
        #expect(bad.header("Content-Type") == "image/png")
    }
}
