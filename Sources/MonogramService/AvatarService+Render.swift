import MonogramCore
import MonogramRender
import MonogramSync

/// The one place a render failure becomes a `ServiceError` (a 500 whose details, naming the
/// cache key, go only to the log), and the one place renders take their memory from the
/// render budget (issue 11): a worker takes the bytes its render will hold before cairo
/// allocates a surface, so however many workers run, render memory stays under
/// `render.workers × 64 MiB` (the largest frame, 4096² ARGB) — or one render's own peak when a
/// single render needs more (a 4096-px mask holds the surface, the masked group and the mask).
extension AvatarService {
    /// A 4096² ARGB surface.
    static let largestFrameBytes = Renderer.largestPixelSize * Renderer.largestPixelSize * 4

    static func renderBudget(workers: Int) -> MemoryBudget {
        MemoryBudget(capacity: max(1, workers) * largestFrameBytes)
    }

    func render(_ spec: AvatarSpec, format: OutputFormat, key: String) throws(ServiceError) -> [UInt8] {
        try budgeted(Self.renderBytes(width: spec.pixelSize, height: spec.pixelSize, masked: spec.isMasked), key: key) { () throws(ServiceError) in
            do throws(RenderError) {
                return try renderer.render(spec, format: format == .svg ? .svg : .png)
            } catch {
                throw .internalFailure("render \(key): \(error)")
            }
        }
    }

    func renderGroup(_ spec: GroupSpec, format: OutputFormat, key: String) throws(ServiceError) -> [UInt8] {
        let masked = spec.faces.contains(where: \.isMasked)
        return try budgeted(Self.renderBytes(width: spec.layout.width, height: spec.layout.height, masked: masked), key: key) { () throws(ServiceError) in
            do throws(RenderError) {
                return try renderer.renderGroup(spec, format: format == .svg ? .svg : .png)
            } catch {
                throw .internalFailure("render \(key): \(error)")
            }
        }
    }

    /// Peak bytes of one render: the ARGB surface and the encoder's copy (PNG rows, SVG
    /// embedded pictures), plus a masked group surface and the scaled A8 mask for mask shapes.
    static func renderBytes(width: Int, height: Int, masked: Bool) -> Int {
        let frame = width * height * 4
        return masked ? frame * 2 + frame / 2 : frame * 2
    }

    /// `body` with `bytes` taken from the render budget, waiting at most `render.timeout` for
    /// other workers to give theirs back (then 503, like a render that waited too long in the
    /// queue). A render larger than the whole budget takes all of it and runs alone.
    private func budgeted(_ bytes: Int, key: String, _ body: () throws(ServiceError) -> [UInt8]) throws(ServiceError) -> [UInt8] {
        let taken = min(bytes, renderMemory.capacity)
        let deadline = ContinuousClock.now + .seconds(settings.renderTimeout)
        switch try renderMemory.with(taken, until: deadline, body) {
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
