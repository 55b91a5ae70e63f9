import MonogramCore
import MonogramRender
import MonogramSync

/// The renderer as the jobs use it: the one place a render failure becomes a `ServiceError`
/// (a 500 whose details, naming the answer's key, go only to the log), and the one place renders
/// take their memory from the render budget (issue 11): a worker takes the bytes its render will
/// hold before cairo allocates a surface, so however many renders run at once, render memory
/// stays within the README's term `render.workers × 9 B × (4 × render.max_size)²` — the largest
/// frame's measured working set per worker — whatever mix of sizes and masks arrives.
struct Drawing: Sendable {
    /// Measured peak of a render per pixel: the ARGB surface, its RGBA copy and the PNG encoder
    /// (README, Memory: 141.8 MiB at 4096²). Mask shapes also hold a masked group surface (4 B)
    /// and the scaled A8 mask with its copy (2 B).
    static let renderBytesPerPixel = 9
    static let maskedRenderBytesPerPixel = 15
    /// WebP's lossless encoder (and AVIF's) hold about 21 B per pixel on top of the surface
    /// (measured: two parallel 4096² WebP renders peaked at 684 MiB); both formats are capped
    /// in pixels (`OutputFormat.largestWebPPixels`, `largestAVIFPixels`) so this stays inside
    /// one worker's share.
    static let encoderBytesPerPixel = 21

    let renderer: Renderer
    /// Bytes of render memory in flight across the workers.
    let memory: MemoryBudget

    init(renderer: Renderer, workers: Int, maxSize: Int) {
        self.renderer = renderer
        self.memory = Drawing.budget(workers: workers, maxSize: maxSize)
    }

    static func budget(workers: Int, maxSize: Int) -> MemoryBudget {
        let side = 4 * max(1, maxSize)
        return MemoryBudget(capacity: max(1, workers) * renderBytesPerPixel * side * side)
    }

    /// Peak bytes of one render of `width × height` pixels.
    static func renderBytes(width: Int, height: Int, masked: Bool, format: OutputFormat) -> Int {
        let perPixel = masked ? maskedRenderBytesPerPixel : renderBytesPerPixel
        let encoder = format == .webp || format == .avif ? encoderBytesPerPixel : 0
        return width * height * (perPixel + encoder)
    }

    /// `title`: the answer's alt text, an SVG's `<title>` (API §10).
    func avatar(
        _ spec: AvatarSpec, format: OutputFormat, key: AnswerKey, title: String? = nil, until deadline: ContinuousClock.Instant
    ) throws(ServiceError) -> [UInt8] {
        try budgeted(until: deadline, Drawing.renderBytes(width: spec.pixelSize, height: spec.pixelSize, masked: spec.isMasked, format: format)) { () throws(ServiceError) in
            do throws(RenderError) {
                return try renderer.render(spec, format: format.image, document: Drawing.document(key: key, title: title))
            } catch {
                throw .internalFailure("render \(key): \(error)")
            }
        }
    }

    func group(
        _ spec: GroupSpec, format: OutputFormat, key: AnswerKey, title: String? = nil, until deadline: ContinuousClock.Instant
    ) throws(ServiceError) -> [UInt8] {
        let masked = spec.faces.contains(where: \.isMasked)
        return try budgeted(until: deadline, Drawing.renderBytes(width: spec.layout.width, height: spec.layout.height, masked: masked, format: format)) { () throws(ServiceError) in
            do throws(RenderError) {
                return try renderer.renderGroup(spec, format: format.image, document: Drawing.document(key: key, title: title))
            } catch {
                throw .internalFailure("render \(key): \(error)")
            }
        }
    }

    /// An SVG answer's title and id prefix: the prefix is derived from the answer's key, so two
    /// different answers inlined in one HTML page never share an id (API §10).
    static func document(key: AnswerKey, title: String?) -> SVGDocument {
        SVGDocument(title: title, idPrefix: SVGDocument.prefix(hash: key.etagHash(.plain, continuing: ColorKey.offsetBasis)))
    }

    /// `body` with `bytes` taken from the render budget, waiting for other workers to give theirs
    /// back at most until the request's render deadline — counted from its arrival, like every
    /// wait (then 503, like a render that waited too long in the queue). A render larger than the whole budget (a 4096-px mask with one worker) takes all
    /// of it and runs alone.
    private func budgeted(until deadline: ContinuousClock.Instant, _ bytes: Int, _ body: () throws(ServiceError) -> [UInt8]) throws(ServiceError) -> [UInt8] {
        switch try memory.with(min(bytes, memory.capacity), until: deadline, body) {
        case .success(let bytes): return bytes
        case .failure: throw .overloaded
        }
    }
}

extension AvatarSpec {
    fileprivate var isMasked: Bool {
        if case .mask = shape { return true }
        return false
    }
}

extension OutputFormat {
    /// The renderer's encoding for an image format (JSON never reaches the renderer; PNG
    /// stands in so the switch stays total).
    var image: ImageFormat {
        switch self {
        case .png, .json: .png
        case .svg: .svg
        case .webp: .webp
        case .avif: .avif
        }
    }
}
