public import MonogramCore
internal import CPangoCairo

/// Draws avatars. One instance serves the whole process: masks are loaded once and shared,
/// pango state is per thread (see `PangoThreadState`), cairo surfaces are per render.
public final class Renderer: Sendable {
    /// Largest side accepted, in device pixels: the API allows 1024 CSS px at dpr 4.
    public static let largestPixelSize = 4096

    private let masks: MaskStore
    /// The outlines' coverages, so faces are drawn without rasterising a clip per render.
    let outlines = OutlineCoverageCache()

    /// Loads every `*.png` in `configuration.masksDirectory` as a mask (alpha = coverage).
    /// A missing folder means no masks; an undecodable PNG throws `.maskFile`.
    public init(configuration: RendererConfiguration) throws(RenderError) {
        masks = try MaskStore(directory: configuration.masksDirectory)
    }

    /// Names usable as `Shape.mask(name:)`.
    public var maskNames: Set<String> { Set(masks.originals.keys) }

    /// Encodes one avatar. Safe to call from many threads at once. `document`: an SVG's title
    /// and id prefix (API §10; other formats ignore it).
    public func render(_ spec: AvatarSpec, format: ImageFormat, document: SVGDocument = SVGDocument()) throws(RenderError) -> [UInt8] {
        let painter = try self.painter(for: spec)
        var scheme = SVGColorScheme()
        scheme.add(spec)
        return try Renderer.encode(
            width: spec.pixelSize, height: spec.pixelSize, format: format, scheme: scheme, document: document, initial: .unwritten
        ) { (cairo) throws(RenderError) in
            try painter.draw(on: cairo)
        }
    }

    /// Draws `spec` and lends the surface to `body`: tests and the benchmark compare encoders
    /// on exactly the drawing `render` would encode (`initial`: tests fill the memory).
    func withSurface<R>(
        _ spec: AvatarSpec, initial: CairoSurface.InitialPixels = .unwritten, _ body: (borrowing CairoSurface) throws(RenderError) -> R
    ) throws(RenderError) -> R {
        let painter = try self.painter(for: spec)
        return try Renderer.withSurface(width: spec.pixelSize, height: spec.pixelSize, initial: initial, draw: {
            (cairo) throws(RenderError) in
            try painter.draw(on: cairo)
        }, body)
    }

    private func painter(for spec: AvatarSpec) throws(RenderError) -> AvatarPainter {
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
        // The image surfaces `render` draws on are not cleared: the painter writes every pixel.
        return AvatarPainter(spec: spec, mask: mask, canvas: .unwrittenImage, outlines: outlines)
    }

    /// One drawing, every encoding: the same `draw` onto an image surface (PNG, WebP, AVIF, JPEG) or
    /// cairo's SVG surface, so every format shows the same picture. `scheme` adds the dark
    /// variant of `theme=auto` to an SVG (raster formats carry one variant; the options parser
    /// refuses `auto` for them). `initial`: what an image surface holds before `draw`.
    static func encode(
        width: Int, height: Int, format: ImageFormat, scheme: SVGColorScheme = SVGColorScheme(),
        document: SVGDocument = SVGDocument(),
        initial: CairoSurface.InitialPixels = .transparent, draw: (borrowing CairoContext) throws(RenderError) -> Void
    ) throws(RenderError) -> [UInt8] {
        if format == .svg {
            var scheme = scheme
            scheme.classPrefix = document.idPrefix
            return SVGAnnotation.apply(document, to: scheme.apply(to: try SVGWriter.render(width: width, height: height, draw)))
        }
        if format == .avif && width * height > OutputFormat.largestAVIFPixels {
            throw RenderError(kind: .invalidSpec, message: "AVIF is limited to \(OutputFormat.largestAVIFPixels) pixels")
        }
        if case .jpeg(let matte) = format {
            return try withSurface(width: width, height: height, initial: initial, draw: { (cairo) throws(RenderError) in
                try draw(cairo)
                JPEGCodec.paintMatte(matte, on: cairo)
            }) { (surface) throws(RenderError) in
                try JPEGCodec.encode(surface)
            }
        }
        return try withSurface(width: width, height: height, initial: initial, draw: draw) { (surface) throws(RenderError) in
            var pixels = try StraightPixels(surface, allowIndexed: format == .png)
            switch format {
            case .png: return try PNGWriter.encode(&pixels)
            case .webp: return try WebPCodec.encode(&pixels)
            case .avif: return try AVIFCodec.encode(&pixels)
            case .svg, .jpeg: fatalError("unreachable: SVG and JPEG returned above")
            }
        }
    }

    /// Draws onto a new ARGB32 image surface and hands it to `body` (the raster encoders, and
    /// tests and the benchmark comparing encoders on exactly the same drawing).
    static func withSurface<R>(
        width: Int, height: Int, initial: CairoSurface.InitialPixels = .transparent,
        draw: (borrowing CairoContext) throws(RenderError) -> Void, _ body: (borrowing CairoSurface) throws(RenderError) -> R
    ) throws(RenderError) -> R {
        let surface = try CairoSurface.image(width: width, height: height, initial: initial)
        do {
            let cairo = try CairoContext(drawingOn: surface)
            try draw(cairo)
        }
        return try body(surface)
    }
}
