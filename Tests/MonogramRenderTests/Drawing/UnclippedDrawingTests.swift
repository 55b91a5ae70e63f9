import MonogramCore
import Testing
@testable import MonogramRender

/// The unclipped drawing (`AvatarPainter+Unclipped`) must give exactly the pixels of the clip
/// it replaces: both are rendered onto image surfaces and compared byte for byte
/// (premultiplied ARGB, before any encoder), over scripts, sizes, shapes, colours and themes.
@Suite("unclipped drawing")
struct UnclippedDrawingTests {
    static let sizes = [1, 2, 3, 5, 8, 11, 16, 20, 24, 31, 32, 40, 48, 57, 64, 80, 96, 128, 150, 256]
    static let shapes: [Shape] = [
        .square, .circle, .rounded(radius: 0), .rounded(radius: 0.0001), .rounded(radius: 0.1),
        .rounded(radius: 0.25), .rounded(radius: 0.5),
    ]
    /// Initials whose glyphs touch or overlap (where compositing glyphs one by one and through
    /// a mask differ), marks, wide capitals, and every script of the contract.
    static let initials = ["JR", "AW", "WW", "MM", "ÅÉ", "Ǻ̃", "fi", "LT", "VA", "rn", "ЖЩ", "9+"] + ScriptSample.all.map(\.initials)
    static let backgrounds = [
        Fixture.background, .transparent, RGBA(red: 0x79, green: 0x55, blue: 0x48), .white, RGBA(red: 0, green: 0, blue: 0),
        RGBA(red: 0x20, green: 0x90, blue: 0x40, alpha: 0x80), RGBA(red: 0xFF, green: 0x01, blue: 0xFE, alpha: 0xFE),
    ]
    static let foregrounds = [RGBA.white, RGBA(red: 0x1F, green: 0x1F, blue: 0x1F), RGBA(red: 0xFF, green: 0xEE, blue: 0x00, alpha: 0x99)]

    /// The face's surface bytes drawn through the clip (`.any`, on a transparent image) and
    /// without it, as `render` draws: on memory not cleared, here filled with 0xA5 so that a
    /// pixel the painter forgets to write shows.
    static func bothWays(_ spec: AvatarSpec, cache: OutlineCoverageCache) throws -> (clipped: [UInt8], unclipped: [UInt8]) {
        func draw(_ painter: AvatarPainter, _ initial: CairoSurface.InitialPixels) throws -> [UInt8] {
            try Renderer.withSurface(width: spec.pixelSize, height: spec.pixelSize, initial: initial, draw: { (cairo) throws(RenderError) in
                try painter.draw(on: cairo)
            }) { (surface) throws(RenderError) -> [UInt8] in
                try surface.withPixels { (data) throws(RenderError) in
                    Array(UnsafeRawBufferPointer(start: data, count: surface.stride * surface.height))
                }
            }
        }
        return (
            try draw(AvatarPainter(spec: spec, mask: nil), .transparent),
            try draw(AvatarPainter(spec: spec, mask: nil, canvas: .unwrittenImage, outlines: cache), .filled(0xA5))
        )
    }

    @Test("initials give the clip's pixels in every script, size and shape", arguments: initials)
    func initialsMatch(_ text: String) throws {
        let cache = OutlineCoverageCache()
        var index = text.unicodeScalars.reduce(0) { $0 &+ Int($1.value) }
        var mismatches: [String] = []
        for size in Self.sizes {
            for shape in Self.shapes {
                index &+= 1
                var spec = Fixture.spec(
                    text, size: size, shape: shape, background: Self.backgrounds[index % Self.backgrounds.count],
                    foreground: Self.foregrounds[index % Self.foregrounds.count],
                    fontScale: [0.5, 0.3, 1.0, 0.72][index % 4], bold: index % 3 != 0)
                spec.fontFamily = ["DejaVu Sans", "Noto Sans"][index % 2]
                let (clipped, unclipped) = try Self.bothWays(spec, cache: cache)
                if clipped != unclipped { mismatches.append("\(size)px \(shape) bg \(spec.background.hex)") }
            }
        }
        #expect(mismatches.isEmpty, "\(text): \(mismatches.joined(separator: "; "))")
    }

    @Test("every background colour is written as cairo fills it, at every edge coverage")
    func backgroundsMatch() throws {
        let cache = OutlineCoverageCache()
        var mismatches: [String] = []
        // Each channel value at least once per shape, opaque and not.
        for step in 0..<64 {
            let value = UInt8(step * 4 + step % 4)
            let colour = RGBA(red: value, green: 255 &- value, blue: value &* 37, alpha: step % 8 == 7 ? value | 1 : 255)
            for shape in [Shape.circle, .rounded(radius: 0.3), .square] {
                let spec = Fixture.spec(" ", size: 33 + step, shape: shape, background: colour)
                let (clipped, unclipped) = try Self.bothWays(spec, cache: cache)
                if clipped != unclipped { mismatches.append("\(colour.hex) \(shape) \(spec.pixelSize)px") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "; "))")
    }

    @Test("the placeholder and pictures give the clip's pixels")
    func placeholderAndPictures() throws {
        let cache = OutlineCoverageCache()
        for size in [16, 32, 64, 100, 128] {
            for shape in Self.shapes {
                for background in [Fixture.background, .transparent] {
                    var spec = Fixture.spec(nil, size: size, shape: shape, background: background)
                    var (clipped, unclipped) = try Self.bothWays(spec, cache: cache)
                    var same = clipped == unclipped
                    #expect(same, "placeholder \(size)px \(shape)")
                    spec.content = .picture(Self.picture(side: [size, 64, 200][size % 3]))
                    (clipped, unclipped) = try Self.bothWays(spec, cache: cache)
                    same = clipped == unclipped
                    #expect(same, "picture \(size)px \(shape) \(background.hex)")
                }
            }
        }
    }

    @Test("themes and transparent backgrounds as the service resolves them give the clip's pixels")
    func themesMatch() throws {
        let cache = OutlineCoverageCache()
        for name in ["Jane Roe", "John Smith", "王小明", "Zoë Ångström", "محمد علي", ""] {
            for query in ["size=128", "size=128&theme=dark", "size=64&bg=transparent", "size=128&theme=dark&bg=transparent", "size=128&bold=false&font-size=0.9", "size=32"] {
                for shape in ["circle", "rounded&radius=0.3"] {
                    var options = try AvatarOptions(
                        query: QueryString.parse(query + "&shape=" + shape), limits: OptionLimits(fonts: [Fixture.fontFamily]))
                    options.font = Fixture.fontFamily
                    let spec = ThemeGoldenTests.resolver.resolve(name: name, options: options).spec
                    let (clipped, unclipped) = try Self.bothWays(spec, cache: cache)
                    let same = clipped == unclipped
                    #expect(same, "\(name) \(query) \(shape)")
                }
            }
        }
    }

    @Test("group faces under an opaque ring give the clip's pixels", arguments: [false, true])
    func groupsMatch(mixed: Bool) throws {
        for shape in [Shape.circle, .rounded(radius: 0.25), .square] {
            for query in ["size=64", "size=40&border=3", "size=128&border=0", "size=32&border-color=%23FFCC00", "size=20&border=0"] {
                var spec = try GroupFixture.resolved(["Jane Roe", "AW", "王小明", "Ali Veli"], query)
                spec.shape = shape
                if mixed {
                    // Faces over faces: a translucent background, a picture, a placeholder.
                    spec.faces[0].background = RGBA(red: 0x20, green: 0x90, blue: 0x40, alpha: 0x80)
                    spec.faces[1].content = .picture(Self.picture(side: 50))
                    spec.faces[2].content = .placeholder
                }
                let layout = spec.layout
                func draw(_ painter: GroupPainter) throws -> [UInt8] {
                    try Renderer.withSurface(width: layout.width, height: layout.height, draw: { (cairo) throws(RenderError) in
                        try painter.draw(on: cairo)
                    }) { (surface) throws(RenderError) -> [UInt8] in
                        try surface.withPixels { (data) throws(RenderError) in
                            Array(UnsafeRawBufferPointer(start: data, count: surface.stride * surface.height))
                        }
                    }
                }
                let clipped = try draw(GroupPainter(spec: spec))
                let unclipped = try draw(GroupPainter(spec: spec, outlines: OutlineCoverageCache()))
                let same = clipped == unclipped
                #expect(same, "\(shape) \(query)")
            }
        }
    }

    @Test("a render writes every pixel of memory it never cleared, in every shape and content")
    func everyPixelWritten() throws {
        var picture = Fixture.spec("JR", size: 64, shape: .circle)
        picture.content = .picture(Self.picture(side: 64))
        let specs = Fixture.shapes.flatMap { shape in
            [
                Fixture.spec("JR", size: 48, shape: shape), Fixture.spec(nil, size: 40, shape: shape),
                Fixture.spec("小明", size: 33, shape: shape, background: .transparent),
                Fixture.spec("AW", size: 50, shape: shape, background: RGBA(red: 9, green: 99, blue: 199, alpha: 0x80)),
                Fixture.spec("👩‍👩‍👧", size: 20, shape: shape),
            ]
        } + [picture, Fixture.spec("JR", size: OutlineCoverageCache.largestSide + 1, shape: .circle)]
        for spec in specs {
            var images: [[UInt8]] = []
            for initial in [CairoSurface.InitialPixels.filled(0xA5), .filled(0x00), .filled(0xFF)] {
                images.append(
                    try Fixture.renderer.withSurface(spec, initial: initial) { (surface) throws(RenderError) -> [UInt8] in
                        try surface.withPixels { (data) throws(RenderError) in
                            Array(UnsafeRawBufferPointer(start: data, count: surface.stride * surface.height))
                        }
                    })
            }
            let same = images.allSatisfy { $0 == images[0] }
            #expect(same, "\(spec.shape) \(spec.pixelSize)px \(spec.content) bg \(spec.background.hex)")
        }
    }

    @Test("scaling a pixel by full coverage leaves it as it is")
    func fullCoverageIsIdentity() {
        for value in 0...255 {
            let pixel = UInt32(255) << 24 | UInt32(value) << 16 | UInt32(255 - value) << 8 | UInt32(value / 3)
            #expect(OutlineCoverage.scaled(pixel, by: 255) == pixel)
        }
    }

    /// A deterministic, partly transparent picture.
    static func picture(side: Int) -> PictureBitmap {
        var state: UInt32 = 2_463_534_242
        let pixels = (0..<side * side).map { i -> UInt32 in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let alpha = i % 7 == 0 ? UInt32(0x80) : 0xFF
            func premultiplied(_ c: UInt32) -> UInt32 { c * alpha / 255 }
            return alpha << 24 | premultiplied(state & 0xFF) << 16 | premultiplied((state >> 8) & 0xFF) << 8 | premultiplied(UInt32(i % side) & 0xFF)
        }
        return PictureBitmap(side: side, pixels: pixels)
    }
}
