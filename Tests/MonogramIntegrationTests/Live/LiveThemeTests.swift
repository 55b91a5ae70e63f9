import Foundation
import MonogramRender
import Testing

/// `theme` and `bg=transparent` over real sockets (API §1), and `theme=auto` in a browser.
@Suite("live themes and transparent backgrounds")
struct LiveThemeTests {
    func json(_ response: RawClient.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("theme=dark: JSON reports the dark colours and the PNG draws them; its own ETag")
    func dark() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let light = try json(try client.get("/avatar/Jane%20Roe.json"))
        let dark = try json(try client.get("/avatar/Jane%20Roe.json?theme=dark"))
        #expect(light["background"] as? String == "#795548")
        #expect(dark["background"] as? String == "#563B31" && dark["color"] as? String == "#FFFFFF")
        let lightPNG = try client.get("/avatar/Jane%20Roe?size=32")
        let darkPNG = try client.get("/avatar/Jane%20Roe?size=32&theme=dark")
        #expect(darkPNG.status == 200 && lightPNG.header("ETag") != darkPNG.header("ETag"))
        let corner = try PNGCodec.decode(darkPNG.body)[0, 0]
        #expect(corner.red == 0x56 && corner.green == 0x3B && corner.blue == 0x31 && corner.alpha == 255)
        let group = try json(try client.get("/group/Jane%20Roe,Ann.json?theme=dark"))
        let faces = try #require(group["faces"] as? [[String: Any]])
        #expect(faces.first?["background"] as? String == "#563B31")
    }

    @Test("theme=auto is one SVG with a prefers-color-scheme query; for png and json it is a 400 naming theme")
    func auto() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let svg = try client.get("/avatar/Jane%20Roe.svg?theme=auto")
        #expect(svg.status == 200)
        #expect(svg.text.contains("@media (prefers-color-scheme: dark)") && svg.text.contains("#563B31"))
        #expect(svg.header("Content-Security-Policy")?.contains("style-src 'unsafe-inline'") == true)
        for path in ["/avatar/Jane%20Roe?theme=auto", "/avatar/Jane%20Roe.json?theme=auto", "/avatar/Jane%20Roe.png?theme=auto&format=svg", "/group/a,b?theme=auto"] {
            let response = try client.get(path)
            #expect(response.status == 400, "\(path)")
            #expect(response.text.hasPrefix("theme must be light or dark"), "\(path): \(response.text)")
        }
        #expect(try client.get("/avatar/Jane%20Roe?theme=sepia").text.hasPrefix("theme must be light, dark or auto"))
        #expect(try client.get("/group/a,b.svg?theme=auto").status == 200)
    }

    @Test("bg=transparent: no background pixels, the initials in the key's ink colour; JSON says transparent")
    func transparent() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let object = try json(try client.get("/avatar/Jane%20Roe.json?background=transparent"))
        #expect(object["background"] as? String == "transparent" && object["color"] as? String == "#926D5F")
        let image = try PNGCodec.decode(try client.get("/avatar/Jane%20Roe?bg=transparent&theme=dark").body)
        #expect(image[0, 0].alpha == 0 && image[64, 8].alpha == 0)
        var inked = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].alpha == 255 {
                let p = image[x, y]
                #expect(p.red == 0x92 && p.green == 0x6D && p.blue == 0x5F)
                inked += 1
            }
        }
        #expect(inked > 300, "the initials are drawn")
    }
}

@Suite("theme=auto in headless Chromium", .serialized)
struct ChromiumThemeTests {
    /// Loads the SVG as an `<img>` (CORS: the service allows any origin), draws it on a canvas
    /// and reads the colour of a background pixel.
    static let readCorner = """
        new Promise((resolve) => {
          const img = new Image();
          img.crossOrigin = "anonymous";
          img.onload = () => {
            const canvas = document.createElement("canvas");
            canvas.width = 64; canvas.height = 64;
            const context = canvas.getContext("2d");
            context.drawImage(img, 0, 0);
            resolve(Array.from(context.getImageData(4, 4, 1, 1).data).join(","));
          };
          img.onerror = () => resolve("error");
          img.src = window.avatarURL;
        })
        """

    @Test("the same SVG shows the light colour normally and the dark one when the viewer prefers dark")
    func followsColorScheme() throws {
        let server = try MonogramProcess()
        let browser = try HeadlessChromium()
        try browser.open("http://127.0.0.1:\(server.port)/")
        _ = try browser.evaluate("window.avatarURL = '/avatar/Jane%20Roe.svg?size=64&theme=auto&v=' + Math.random(); true")
        let light = try browser.evaluate(Self.readCorner) as? String
        _ = try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "dark"]]])
        _ = try browser.evaluate("window.avatarURL = '/avatar/Jane%20Roe.svg?size=64&theme=auto&v=' + Math.random(); true")
        let dark = try browser.evaluate(Self.readCorner) as? String
        #expect(light == "121,85,72,255", "light \(light ?? "nil")") // #795548
        #expect(dark == "86,59,49,255", "dark \(dark ?? "nil")") // #563B31
    }
}

extension ChromiumThemeTests {
    func read(_ browser: HeadlessChromium, _ expression: String) throws -> [String: Any] {
        let text = try #require(try browser.evaluate(expression) as? String)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the playground offers theme (auto only for svg) and a transparent background, with a dark panel")
    func playgroundControls() throws {
        let server = try MonogramProcess()
        let browser = try HeadlessChromium()
        try browser.open("http://127.0.0.1:\(server.port)/")
        let change = "document.getElementById('controls').dispatchEvent(new Event('change'));"
        let state = """
            JSON.stringify({url: document.getElementById('avatar-url').value, auto: document.getElementById('theme-auto').disabled,
              dark: document.getElementById('avatar-dark').getAttribute('src'), light: document.getElementById('avatar-light').getAttribute('src'),
              panel: getComputedStyle(document.querySelector('.panel.dark')).backgroundColor})
            """
        _ = try browser.evaluate("document.getElementById('theme').value = 'dark'; \(change) true")
        var now = try read(browser, state)
        #expect((now["url"] as? String)?.hasSuffix("?theme=dark") == true)
        #expect(now["auto"] as? Bool == true, "auto is offered for svg only")
        #expect((now["dark"] as? String)?.contains("theme=dark") == true && (now["light"] as? String)?.contains("theme") == false)
        #expect(now["panel"] as? String == "rgb(18, 18, 18)")
        _ = try browser.evaluate("""
            document.getElementById('format').value = 'svg'; \(change)
            document.getElementById('theme').value = 'auto'; document.getElementById('transparent').checked = true; \(change) true
            """)
        now = try read(browser, state)
        #expect((now["url"] as? String)?.hasSuffix(".svg?bg=transparent&theme=auto") == true, "\(now["url"] ?? "")")
        #expect(now["auto"] as? Bool == false)
    }
}
