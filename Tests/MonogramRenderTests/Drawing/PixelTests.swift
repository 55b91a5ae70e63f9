import MonogramCore
import Testing
@testable import MonogramRender

@Suite("pixels")
struct PixelTests {
    @Test("circle corners are fully transparent and its centre is opaque")
    func circleCorners() throws {
        let image = try Fixture.renderPNG(Fixture.spec(nil, shape: .circle))
        for (x, y) in [(0, 0), (127, 0), (0, 127), (127, 127), (10, 10), (117, 117)] {
            #expect(image[x, y].alpha == 0, "corner pixel (\(x), \(y))")
        }
        #expect(image[64, 64].alpha == 255)
    }

    @Test("a rounded square is transparent in its corners but opaque at its edge middles")
    func roundedCorners() throws {
        let image = try Fixture.renderPNG(Fixture.spec("A", shape: .rounded(radius: 0.25)))
        #expect(image[0, 0].alpha == 0 && image[127, 127].alpha == 0)
        #expect(image[64, 0].alpha == 255 && image[0, 64].alpha == 255)
    }

    @Test("where there is no ink, a square shows exactly the background colour")
    func backgroundColour() throws {
        let background = RGBA(red: 0x12, green: 0x9A, blue: 0x4C)
        let image = try Fixture.renderPNG(Fixture.spec(" ", background: background))
        let p = image[64, 64]
        #expect(p.red == 0x12 && p.green == 0x9A && p.blue == 0x4C && p.alpha == 255)
        #expect(image[0, 0].alpha == 255)
    }

    @Test("a translucent background keeps its alpha (RRGGBBAA)")
    func translucentBackground() throws {
        let background = RGBA(red: 200, green: 40, blue: 40, alpha: 128)
        let p = try Fixture.renderPNG(Fixture.spec(" ", background: background))[5, 5]
        #expect(p.alpha == 128)
        #expect(abs(Int(p.red) - 200) <= 2 && abs(Int(p.green) - 40) <= 2)
    }

    // Latin capitals are placed by cap height, so their ink is centred too; a descender
    // ("JR", "gy") is allowed to hang below (BaselineTests).
    @Test("text ink is optically centred", arguments: ["ER", "小明", "سع", "W", "민준", "さく", "प्र", "สม", "👩‍👩‍👧", "ИП", "ΓΠ", "דכ"])
    func centred(_ text: String) throws {
        let image = try Fixture.renderPNG(Fixture.spec(text))
        let ink = try #require(image.inkBounds(against: Fixture.background))
        let centreX = Double(ink.minX + ink.maxX + 1) / 2, centreY = Double(ink.minY + ink.maxY + 1) / 2
        let tolerance = 0.04 * 128
        #expect(abs(centreX - 64) <= tolerance, "ink centre x \(centreX)")
        #expect(abs(centreY - 64) <= tolerance, "ink centre y \(centreY)")
    }

    @Test("three wide letters at font size 1.0 are shrunk to stay inside the image")
    func wideTextFits() throws {
        let image = try Fixture.renderPNG(Fixture.spec("WMW", fontScale: 1.0))
        let ink = try #require(image.inkBounds(against: Fixture.background))
        #expect(ink.minX >= 4 && ink.maxX <= 123, "ink x \(ink.minX)…\(ink.maxX)")
        #expect(ink.minY >= 4 && ink.maxY <= 123, "ink y \(ink.minY)…\(ink.maxY)")
    }

    @Test("colour emoji keep their own colours instead of the text colour")
    func colourEmoji() throws {
        let image = try Fixture.renderPNG(Fixture.spec("🇫🇷", background: .white, foreground: .nearBlack))
        var red = 0, blue = 0
        for y in 0..<128 {
            for x in 0..<128 {
                let p = image[x, y]
                if p.red > 180 && p.green < 90 && p.blue < 90 { red += 1 }
                if p.blue > 120 && p.red < 90 { blue += 1 }
            }
        }
        #expect(red > 200 && blue > 200, "red \(red), blue \(blue)")
    }

    @Test("a mask shape is transparent where the mask is, opaque where it is solid",
        arguments: ["squircle", "hexagon"])
    func maskShape(_ name: String) throws {
        let image = try Fixture.renderPNG(Fixture.spec(nil, shape: .mask(name: name)))
        #expect(image[0, 0].alpha == 0 && image[127, 0].alpha == 0 && image[0, 127].alpha == 0)
        #expect(image[64, 64].alpha == 255)
        if name == "hexagon" { #expect(image[1, 64].alpha == 0) } // flat sides leave the left edge empty
    }

    @Test("the placeholder draws a silhouette in the foreground colour")
    func placeholder() throws {
        let image = try Fixture.renderPNG(Fixture.spec(nil))
        #expect(image[64, 50] == (255, 255, 255, 255)) // head
        #expect(image[64, 120] == (255, 255, 255, 255)) // shoulders
        let side = image[8, 60]
        #expect(side.red == Fixture.background.red && side.blue == Fixture.background.blue)
    }

    @Test("the image is exactly pixelSize wide and high", arguments: [16, 50, 128, 300])
    func size(_ pixels: Int) throws {
        let image = try Fixture.renderPNG(Fixture.spec("AB", size: pixels, shape: .mask(name: "squircle")))
        #expect(image.width == pixels && image.height == pixels)
    }
}
