import MonogramCore
import Testing
@testable import MonogramRender
import MonogramRenderTestSupport

/// Attacks on renders drawn on memory that is never cleared (`CairoSurface.InitialPixels`):
/// whatever the memory held before (another render's pixels, in production), the image must
/// be exactly the one drawn on cleared memory, in every shape, colour, content and size.
@Suite("attack: never-cleared render memory")
struct AttackUnwrittenMemoryTests {
    /// A colour no test face uses, so a pixel of it in another render can only be a leak.
    static let distinctive = RGBA(red: 0x13, green: 0xA7, blue: 0x5D)

    static let backgrounds: [RGBA] = [
        .transparent, Fixture.background, RGBA(red: 0x20, green: 0x90, blue: 0x40, alpha: 0x80),
        RGBA(red: 0xFF, green: 0x01, blue: 0xFE, alpha: 0xFE), RGBA(red: 0x01, green: 0x02, blue: 0x03, alpha: 0x01),
        RGBA(red: 0, green: 0, blue: 0), .white,
    ]
    static let shapes: [Shape] = [
        .square, .circle, .rounded(radius: 0), .rounded(radius: 0.0001), .rounded(radius: 0.5), .rounded(radius: 0.3333),
        .mask(name: "squircle"), .mask(name: "hexagon"),
    ]

    /// Every content the painter has a branch for: initials plain, marked, RTL, emoji, text
    /// with no ink, text at the edge, the placeholder, pictures opaque and with alpha.
    static func contents(side: Int) -> [AvatarSpec.Content] {
        [
            .initials("JR"), .initials("Ǻ̃"), .initials("سع"), .initials("👩‍👩‍👧"), .initials(" "), .initials("WWW"),
            .placeholder, .picture(picture(side: max(1, side / 2 + 1), alpha: 0xFF)),
            .picture(picture(side: side, alpha: 0x40)), .picture(picture(side: 3, alpha: 0)),
        ]
    }

    /// A picture of `distinctive` pixels, premultiplied by `alpha`.
    static func picture(side: Int, alpha: UInt32, colour: RGBA = distinctive) -> PictureBitmap {
        func premultiplied(_ c: UInt8) -> UInt32 { UInt32(c) * alpha / 255 }
        let pixel = alpha << 24 | premultiplied(colour.red) << 16 | premultiplied(colour.green) << 8 | premultiplied(colour.blue)
        return PictureBitmap(side: side, pixels: Array(repeating: pixel, count: side * side))
    }

    /// Whether any pixel of `image` is exactly the opaque `colour`.
    static func shows(_ colour: RGBA, in image: RGBAImage) -> Bool {
        (0..<image.width * image.height).contains { i in
            image.pixels[4 * i] == colour.red && image.pixels[4 * i + 1] == colour.green
                && image.pixels[4 * i + 2] == colour.blue && image.pixels[4 * i + 3] == 255
        }
    }

    static func surfaceBytes(_ spec: AvatarSpec, _ initial: CairoSurface.InitialPixels) throws -> [UInt8] {
        try Fixture.renderer.withSurface(spec, initial: initial) { (surface) throws(RenderError) -> [UInt8] in
            try surface.withPixels { (data) throws(RenderError) in
                Array(UnsafeRawBufferPointer(start: data, count: surface.stride * surface.height))
            }
        }
    }

    @Test(
        "every pixel is written whatever the memory held, for every shape, background and content",
        arguments: [1, 2, 3, 7, 16, 33, 64, 127]
    )
    func everyPixelWrittenAtSize(_ side: Int) throws {
        var failures: [String] = []
        var index = side
        for shape in Self.shapes {
            for content in Self.contents(side: side) {
                index += 1
                var spec = Fixture.spec(nil, size: side, shape: shape, background: Self.backgrounds[index % Self.backgrounds.count])
                spec.content = content
                spec.fontScale = [0.05, 0.5, 1.0][index % 3]
                spec.foreground = [RGBA.white, RGBA(red: 0xFF, green: 0xEE, blue: 0, alpha: 0x99)][index % 2]
                let cleared = try Self.surfaceBytes(spec, .transparent)
                for byte in [UInt8(0xFF), 0x5A] where try Self.surfaceBytes(spec, .filled(byte)) != cleared {
                    failures.append("\(shape) \(content) bg \(spec.background.hex) on 0x\(String(byte, radix: 16))")
                }
            }
        }
        #expect(failures.isEmpty, "\(side) px: \(failures.joined(separator: "; "))")
    }

    @Test("the largest cached side, the first uncached one and an odd large side write every pixel")
    func everyPixelWrittenAtLargeSides() throws {
        var failures: [String] = []
        for side in [OutlineCoverageCache.largestSide, OutlineCoverageCache.largestSide + 1, 1531] {
            for (shape, background) in [(Shape.circle, Fixture.background), (.rounded(radius: 0.1), .transparent), (.square, Fixture.background)] {
                let spec = Fixture.spec("AW", size: side, shape: shape, background: background, fontScale: 1.0)
                let cleared = try Self.surfaceBytes(spec, .transparent)
                if try Self.surfaceBytes(spec, .filled(0xFF)) != cleared { failures.append("\(side) px \(shape) \(background.hex)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }

    /// Through the real `render` (malloc'd memory, glibc hands a freed block of the same size
    /// straight back): a distinctive opaque picture drawn first, then faces that leave pixels
    /// transparent, on the same thread. Each face must encode to the same bytes whichever
    /// picture came before, and no decoded pixel may carry the picture's colour.
    @Test("a render after a distinctive picture on the same thread shows none of its pixels", arguments: [ImageFormat.png, .webp])
    func noPixelsFromThePreviousRender(_ format: ImageFormat) throws {
        var failures: [String] = []
        for side in [16, 32, 48, 64, 200] {
            for shape in Self.shapes {
                for background in [RGBA.transparent, RGBA(red: 0x20, green: 0x90, blue: 0x40, alpha: 0x80), Fixture.background] {
                    for content in [AvatarSpec.Content.initials("JR"), .placeholder, .initials("🇫🇷"), .picture(Self.picture(side: 5, alpha: 0))] {
                        var face = Fixture.spec(nil, size: side, shape: shape, background: background)
                        face.content = content
                        var outputs: [[UInt8]] = []
                        for colour in [Self.distinctive, RGBA(red: 0xF0, green: 0x0F, blue: 0x77)] {
                            var poison = Fixture.spec(nil, size: side, shape: .square)
                            poison.content = .picture(Self.picture(side: side, alpha: 0xFF, colour: colour))
                            _ = try Fixture.renderer.render(poison, format: format)
                            outputs.append(try Fixture.renderer.render(face, format: format))
                        }
                        let image = format == .png ? try PNGCodec.decode(outputs[0]) : try WebPCodec.decode(outputs[0])
                        let leaked = Self.shows(Self.distinctive, in: image)
                        if outputs[0] != outputs[1] || leaked { failures.append("\(side) px \(shape) \(background.hex) \(content)") }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }

    @Test("groups with gaps and translucent rings show nothing of an earlier render")
    func groupsAfterAPicture() throws {
        var failures: [String] = []
        for query in ["size=64&overlap=0&border=0", "size=40&border=4&border-color=transparent", "size=32&overlap=0.9", "size=48&border-color=%2300000080"] {
            var spec = try GroupFixture.resolved(["Jane Roe", "AW", "王小明"], query)
            spec.faces[0].background = .transparent
            let layout = spec.layout
            var outputs: [[UInt8]] = []
            for colour in [Self.distinctive, RGBA(red: 0xF0, green: 0x0F, blue: 0x77)] {
                var poison = Fixture.spec(nil, size: max(layout.width, layout.height), shape: .square)
                poison.content = .picture(Self.picture(side: 8, alpha: 0xFF, colour: colour))
                _ = try Fixture.renderer.render(poison, format: .png)
                outputs.append(try Fixture.renderer.renderGroup(spec, format: .png))
            }
            let leaked = Self.shows(Self.distinctive, in: try PNGCodec.decode(outputs[0]))
            if outputs[0] != outputs[1] || leaked { failures.append(query) }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }
}
