public import MonogramCore
internal import CPangoCairo

/// Draws avatars. One instance serves the whole process: masks are loaded once and shared,
/// pango state is per thread (see `PangoThreadState`), cairo surfaces are per render.
public final class Renderer: Sendable {
    /// Largest side accepted, in device pixels: the API allows 1024 CSS px at dpr 4.
    public static let largestPixelSize = 4096

    private let masks: MaskStore

    /// Loads every `*.png` in `configuration.masksDirectory` as a mask (alpha = coverage).
    /// A missing folder means no masks; an undecodable PNG throws `.maskFile`.
    public init(configuration: RendererConfiguration) throws(RenderError) {
        masks = try MaskStore(directory: configuration.masksDirectory)
    }

    /// Names usable as `Shape.mask(name:)`.
    public var maskNames: Set<String> { Set(masks.originals.keys) }

    /// Encodes one avatar. Safe to call from many threads at once.
    public func render(_ spec: AvatarSpec, format: ImageFormat) throws(RenderError) -> [UInt8] {
        guard (1...Renderer.largestPixelSize).contains(spec.pixelSize) else {
            throw RenderError(kind: .invalidSpec, message: "pixel size must be 1…\(Renderer.largestPixelSize)")
        }
        var mask: MaskImage? = nil
        if case .mask(let name) = spec.shape {
            guard let scaled = try masks.mask(named: name, side: spec.pixelSize) else {
                throw RenderError(kind: .invalidSpec, message: "unknown mask \(name)")
            }
            mask = scaled
        }
        let painter = AvatarPainter(spec: spec, mask: mask)
        var scheme = SVGColorScheme()
        scheme.add(spec)
        return try Renderer.encode(width: spec.pixelSize, height: spec.pixelSize, format: format, scheme: scheme) {
            (cairo) throws(RenderError) in
            try painter.draw(on: cairo)
        }
    }

    /// One drawing, two encodings: the same `draw` onto an image surface (PNG) or cairo's SVG
    /// surface, so both formats show the same picture. `scheme` adds the dark variant of
    /// `theme=auto` to an SVG (raster formats carry one variant; the options parser refuses
    /// `auto` for them).
    static func encode(
        width: Int, height: Int, format: ImageFormat, scheme: SVGColorScheme = SVGColorScheme(),
        draw: (borrowing CairoContext) throws(RenderError) -> Void
    ) throws(RenderError) -> [UInt8] {
        switch format {
        case .png:
            let surface = try CairoSurface.image(.argb32, width: width, height: height)
            do {
                let cairo = try CairoContext(drawingOn: surface)
                try draw(cairo)
            }
            return try PNGCodec.encode(surface)
        case .svg:
            return scheme.apply(to: try SVGWriter.render(width: width, height: height, draw))
        }
    }
}
