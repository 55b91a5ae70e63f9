import Foundation
import MonogramCore
import Testing
@testable import MonogramRender

@Suite("renderer")
struct RendererTests {
    @Test("loads every PNG of the masks folder by name")
    func maskNames() {
        #expect(Fixture.renderer.maskNames.isSuperset(of: ["squircle", "hexagon"]))
    }

    @Test("a missing masks folder means no masks, not an error")
    func missingMasksFolder() throws {
        let renderer = try Renderer(configuration: RendererConfiguration(masksDirectory: "/nonexistent/masks"))
        #expect(renderer.maskNames.isEmpty)
    }

    @Test("a PNG that does not decode is reported as a mask file error")
    func brokenMask() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/monogram-broken-masks-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: directory + "/bad.png"))
        #expect(throws: RenderError.self) {
            try Renderer(configuration: RendererConfiguration(masksDirectory: directory))
        }
    }

    @Test("an unknown mask name is an invalid spec")
    func unknownMask() {
        #expect { try Fixture.renderer.render(Fixture.spec("A", shape: .mask(name: "nope")), format: .png) } throws: {
            ($0 as? RenderError)?.kind == .invalidSpec
        }
    }

    @Test("sizes outside 1…4096 are refused", arguments: [0, -5, 5000])
    func badSize(_ size: Int) {
        #expect(throws: RenderError.self) { try Fixture.renderer.render(Fixture.spec("A", size: size), format: .png) }
    }

    @Test("PNG output starts with the PNG signature")
    func pngSignature() throws {
        let bytes = try Fixture.renderer.render(Fixture.spec("JR"), format: .png)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test("flat avatars become indexed PNGs; photos-like emoji stay RGBA, both decode the same way")
    func indexedPNG() throws {
        let flat = try Fixture.renderer.render(Fixture.spec("JR"), format: .png)
        #expect(flat[25] == 3, "colour type of a flat avatar") // IHDR colour type byte
        let emoji = try Fixture.renderer.render(Fixture.spec("🇫🇷"), format: .png)
        #expect(emoji[25] == 6, "colour type of an emoji avatar")
        #expect(try PNGCodec.decode(flat).width == 128)
    }

    @Test("rendering is deterministic")
    func deterministic() throws {
        let spec = Fixture.spec("سع", shape: .circle)
        #expect(try Fixture.renderer.render(spec, format: .png) == Fixture.renderer.render(spec, format: .png))
    }
}
