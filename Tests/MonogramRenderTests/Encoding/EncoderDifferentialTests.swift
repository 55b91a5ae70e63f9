import MonogramCore
import Testing
@testable import MonogramRender

/// Today's encoder against the frozen one of main 14a329a (`ReferencePNG`): every PNG byte for
/// byte the same, so no decoded pixel changed and no PNG grew, over avatars of every size,
/// shape, script, colour scheme and group the corpus has. Random structured images are
/// compared the same way in `EncoderRoundTripTests` and the `png-writer` fuzz target.
@Suite("PNG encoder against the encoder of main 14a329a")
struct EncoderDifferentialTests {
    struct Case: Sendable, CustomStringConvertible {
        enum Source: Sendable {
            case avatar(AvatarSpec)
            case group(GroupSpec)
        }

        var label: String
        var source: Source
        var description: String { label }

        /// Draws the image as the renderer does and hands its surface to `body`.
        func withSurface(_ body: (borrowing CairoSurface) throws(RenderError) -> Void) throws(RenderError) {
            switch source {
            case .avatar(let spec): try Fixture.renderer.withSurface(spec, body)
            case .group(let spec):
                let painter = GroupPainter(spec: spec)
                try Renderer.withSurface(width: spec.layout.width, height: spec.layout.height, draw: { (cairo) throws(RenderError) in
                    try painter.draw(on: cairo)
                }, body)
            }
        }
    }

    static func avatar(_ label: String, _ spec: AvatarSpec) -> Case { Case(label: label, source: .avatar(spec)) }

    static let cases: [Case] = {
        var cases = EncoderCorpus.cases.map { avatar($0.label, $0.spec) }
        // Colour schemes: dark background with light ink, light with dark, translucent
        // backgrounds (palette alpha, tRNS, unpremultiplied edges), regular weight.
        let schemes: [(String, RGBA, RGBA)] = [
            ("dark", RGBA(red: 0x1E, green: 0x1E, blue: 0x2E), RGBA(red: 0xF0, green: 0xF0, blue: 0xF0)),
            ("light", RGBA(red: 0xFA, green: 0xF0, blue: 0xE6), RGBA(red: 0x30, green: 0x30, blue: 0x30)),
            ("translucent", RGBA(red: 0x2E, green: 0x6B, blue: 0xC6, alpha: 0x80), .white),
            ("clear ink", RGBA(red: 0xF4, green: 0xC4, blue: 0x30), RGBA(red: 0, green: 0, blue: 0, alpha: 0x60)),
        ]
        for (name, background, ink) in schemes {
            for shape in Fixture.shapes {
                for size in [32, 128] {
                    var spec = Fixture.spec("JR", size: size, shape: shape, background: background, foreground: ink)
                    if size == 32 { spec.bold = false }
                    cases.append(avatar("\(name) \(shape) \(size)px", spec))
                }
            }
        }
        for (names, query) in [(["Jane Roe", "Bob", "Zoë Li"], "size=64&dpr=2"), ((0..<10).map { "Person \($0)" }, "size=32"),
                               (["小明", "Ann"], "size=48&shape=square&overlap=0.5")] {
            if let spec = try? GroupFixture.resolved(names, query) {
                cases.append(Case(label: "group of \(names.count) \(query)", source: .group(spec)))
            }
        }
        return cases
    }()

    @Test("every avatar and group encodes to the reference encoder's exact PNG, indexed or RGBA", arguments: cases)
    func sameBytes(_ sample: Case) throws {
        try sample.withSurface { (surface) throws(RenderError) in
            var indexed = try StraightPixels(surface, allowIndexed: true)
            var straight = try StraightPixels(surface, allowIndexed: false)
            let new = (try PNGWriter.encode(&indexed), try PNGWriter.encode(&straight))
            let stride = surface.stride, width = surface.width, height = surface.height
            let old = try surface.withPixels { data in
                (ReferencePNG.encode(data, width: width, height: height, stride: stride, allowIndexed: true),
                 ReferencePNG.encode(data, width: width, height: height, stride: stride, allowIndexed: false))
            }
            #expect(new.0 == old.0, "\(sample): \(new.0.count) bytes, the reference wrote \(old.0?.count ?? 0)")
            #expect(new.1 == old.1, "\(sample) as RGBA: \(new.1.count) bytes, the reference wrote \(old.1?.count ?? 0)")
            // The RGBA rows an indexed image expands to (WebP/AVIF) are the converted ones.
            let rowBytes = height * straight.rgbaStride
            let expanded = Array(UnsafeBufferPointer(start: indexed.rgbaRows(), count: rowBytes))
            #expect(expanded == Array(UnsafeBufferPointer(start: straight.rgbaRows(), count: rowBytes)), "\(sample): expanded rows differ")
        }
    }
}

/// Where the palette overflows decides how much is expanded in place: the 257th colour at
/// the first pixels, mid-row, at the very last pixel; exactly 256 colours; rows with padding
/// after the pixels (a larger stride, as a borrowed surface may have).
@Suite("StraightPixels where the palette overflows")
struct PaletteOverflowTests {
    /// A premultiplied image of `width × height` whose `distinct` pixels from `start` (raster
    /// order) each have a new colour, the rest repeating the background; `padding`
    /// garbage words after each row.
    static func image(width: Int, height: Int, distinct: Int, start: Int, padding: Int) -> (pixels: [UInt32], stride: Int) {
        let rowWords = width + padding
        var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: rowWords * height)
        for k in 0..<width * height {
            let i = k - start
            // Opaque and distinct from each other and from the background.
            let colour: UInt32 = i >= 0 && i < distinct ? 0xFF00_0000 | UInt32(i) << 8 | UInt32(i >> 8) : 0xFF20_4080
            pixels[(k / width) * rowWords + k % width] = colour
        }
        return (pixels, 4 * rowWords)
    }

    @Test("PNGs equal the reference encoder's wherever the 257th colour appears", arguments: [
        (17, 20, 255, 0), (17, 20, 256, 0), (17, 20, 256, 84), (17, 20, 255, 85), (17, 20, 300, 3), (16, 16, 256, 0),
        (40, 30, 257, 600), (1, 400, 257, 100), (300, 1, 257, 43),
    ])
    func overflowPositions(_ width: Int, _ height: Int, _ distinct: Int, _ start: Int) throws {
        for padding in [0, 3] {
            let (pixels, stride) = PaletteOverflowTests.image(width: width, height: height, distinct: distinct, start: start, padding: padding)
            let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: pixels.count)
            defer { memory.deallocate() }
            memory.initialize(from: pixels, count: pixels.count)
            let raw = UnsafeRawPointer(memory)
            let surface = try CairoSurface.borrowing(raw.assumingMemoryBound(to: UInt8.self), .argb32, width: width, height: height, stride: stride)
            for allowIndexed in [true, false] {
                var straight = try StraightPixels(surface, allowIndexed: allowIndexed)
                let png = try PNGWriter.encode(&straight)
                let reference = ReferencePNG.encode(raw, width: width, height: height, stride: stride, allowIndexed: allowIndexed)
                #expect(png == reference, "\(width)×\(height), \(distinct) colours from \(start), padding \(padding), indexed \(allowIndexed)")
                // The background is a colour too when any pixel shows it.
                let colours = distinct + (distinct < width * height ? 1 : 0)
                #expect((straight.indices != nil) == (allowIndexed && colours <= 256), "\(colours) colours")
            }
        }
    }
}
