import MonogramCore
import Testing
@testable import MonogramRender

/// A query and a number of names, drawn by the renderer as the service would.
struct GroupCase: Sendable, CustomTestStringConvertible {
    var names: Int
    var query: String
    var width: Int
    var height: Int
    var testDescription: String { "\(names) names ?\(query)" }

    /// Sizes worked out by hand from docs/group.md (see GroupLayoutTests for the arithmetic).
    static let all: [GroupCase] = [
        .init(names: 1, query: "", width: 64, height: 64),
        .init(names: 2, query: "", width: 109, height: 64),
        .init(names: 3, query: "", width: 154, height: 64),
        .init(names: 5, query: "", width: 154, height: 64),
        .init(names: 5, query: "more=1", width: 199, height: 64),
        .init(names: 5, query: "max=5&overlap=0.5&border=2", width: 192, height: 64),
        .init(names: 3, query: "overlap=0&border=0", width: 192, height: 64),
        .init(names: 2, query: "dpr=2&size=40&overlap=0.1", width: 80 + 72, height: 80),
        .init(names: 5, query: "dpr=1.5&size=48&max=4&more=1&border=12", width: 72 + 4 * 50, height: 72),
        .init(names: 3, query: "shape=rounded&border=8", width: 154, height: 64),
    ]
}

@Suite("group pixels")
struct GroupPixelTests {
    @Test("the image is exactly as wide and high as its faces; outside them it is transparent", arguments: GroupCase.all)
    func geometry(_ row: GroupCase) throws {
        let spec = try GroupFixture.resolved((0..<row.names).map { "Person \($0)" }, row.query)
        let image = try GroupFixture.render(spec)
        #expect(image.width == row.width && image.height == row.height)
        let layout = spec.layout
        let radius = Double(layout.side) / 2
        var outsideOpaque = 0, insideClear = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                // Distance from the nearest face centre, in pixels (pixel centres at +0.5).
                let distance = (0..<layout.slots).map { slot in
                    let cx = Double(layout.left(ofSlot: slot)) + radius, cy = radius
                    return ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                }.min()!
                let alpha = image[x, y].alpha
                if case .circle = spec.shape {
                    if distance > radius + 1, alpha != 0 { outsideOpaque += 1 }
                    if distance < radius - 1, alpha != 255 { insideClear += 1 }
                }
            }
        }
        #expect(outsideOpaque == 0, "pixels drawn outside every face")
        #expect(insideClear == 0, "pixels left transparent inside a face")
        if case .rounded = spec.shape {
            for (x, y) in [(0, 0), (0, image.height - 1), (image.width - 1, 0), (image.width - 1, image.height - 1)] {
                expectAlpha(image, x, y, 0)
            }
            expectAlpha(image, image.width / 2, 0, 255)
        }
    }

    @Test("the first face is on top: where faces 1 and 2 overlap, face 1's background shows")
    func stacking() throws {
        let image = try GroupFixture.render(GroupFixture.plain(3))
        // Face 0 spans 0…63, face 1 45…108, face 2 90…153; the middle of each overlap, mid-height.
        expectPixel(image, 54, 32, is: GroupFixture.colours[0])
        expectPixel(image, 99, 32, is: GroupFixture.colours[1])
        // Outside the overlaps each face shows itself.
        expectPixel(image, 77, 32, is: GroupFixture.colours[1])
        expectPixel(image, 140, 32, is: GroupFixture.colours[2])
    }

    @Test("the ring separates a face from the one below in border-color")
    func ring() throws {
        let black = RGBA(red: 0, green: 0, blue: 0)
        let image = try GroupFixture.render(GroupFixture.plain(2, border: 4, ring: black))
        // Face 0's ring crosses face 1 at x 60…63 on the middle row; face 1 starts at 45.
        expectPixel(image, 61, 32, is: black)
        expectPixel(image, 57, 32, is: GroupFixture.colours[0])
        expectPixel(image, 66, 32, is: GroupFixture.colours[1])
        // Around the outside edge of a face too.
        expectPixel(image, 1, 32, is: black)
        expectPixel(image, 32, 1, is: black)
    }

    @Test("border-color=transparent cuts the ring out of the face below (knock-out)")
    func knockOut() throws {
        let image = try GroupFixture.render(GroupFixture.plain(3, border: 4, ring: .transparent))
        for x in 60...62 { expectAlpha(image, x, 32, 0) } // face 0's ring over face 1
        for x in 105...107 { expectAlpha(image, x, 32, 0) } // face 1's ring over face 2
        expectAlpha(image, 1, 32, 0) // the ring's outer part too
        expectAlpha(image, 32, 1, 0)
        expectPixel(image, 57, 32, is: GroupFixture.colours[0])
        expectPixel(image, 66, 32, is: GroupFixture.colours[1])
        expectPixel(image, 111, 32, is: GroupFixture.colours[2])
    }

    @Test("a translucent ring is not blended with the face below")
    func translucentRing() throws {
        let ring = RGBA(red: 255, green: 255, blue: 255, alpha: 128)
        let image = try GroupFixture.render(GroupFixture.plain(2, border: 4, ring: ring))
        let p = image[61, 32]
        #expect(abs(Int(p.alpha) - 128) <= 2 && p.red >= 250 && p.green >= 250 && p.blue >= 250)
    }

    @Test("with no ring, a face is pixel for pixel its single avatar", arguments: ["JR", "小明"])
    func faceIsAvatar(_ text: String) throws {
        let face = Fixture.spec(text, size: 64, shape: .circle)
        let layout = GroupLayout(size: 64, dpr: 1, overlap: 0.3, border: 0, slots: 1)
        let group = try GroupFixture.render(GroupSpec(faces: [face], bubble: nil, layout: layout, shape: .circle, ring: .white))
        let identical = group == (try Fixture.renderPNG(face))
        #expect(identical)
    }

    @Test("the +N bubble is drawn last, under the last face, in the neutral grey")
    func bubble() throws {
        let names = (0..<5).map { "Person \($0)" }
        let spec = try GroupFixture.resolved(names, "more=true")
        let image = try GroupFixture.render(spec)
        #expect(image.width == 199)
        // Right of face 2 (90…153) the bubble (135…198) shows its grey and its white "+2".
        expectPixel(image, 167, 10, is: AvatarResolver.neutral)
        expectPixel(image, 140, 32, is: spec.faces[2].background)
        let ink = try #require(image.inkBounds(against: AvatarResolver.neutral, threshold: 100))
        #expect(ink.maxX > 160, "the +2 ink is in the bubble")
    }

    @Test("SVG output has the same size and stays vector, knock-out included")
    func svg() throws {
        let svg = try GroupFixture.svg(GroupFixture.resolved(["Jane Roe", "", "Ann Lee", "Kim"], "more=1&border-color=transparent"))
        #expect(svg.contains("width=\"199px\"") || svg.contains("width=\"199\""))
        #expect(svg.contains("height=\"64px\"") || svg.contains("height=\"64\""))
        #expect(svg.contains("<path") && svg.contains("clip"))
        #expect(!svg.contains("<image"), "cairo fell back to a raster image")
    }

    @Test("an out-of-range layout is refused")
    func invalid() {
        var spec = GroupFixture.plain(2)
        spec.layout = GroupLayout(side: 64, step: 45, border: 40, slots: 2)
        #expect(throws: RenderError.self) { try Fixture.renderer.renderGroup(spec, format: .png) }
        spec.layout = GroupLayout(side: 4096, step: 4096, border: 0, slots: 2)
        #expect(throws: RenderError.self) { try Fixture.renderer.renderGroup(spec, format: .png) }
    }
}
