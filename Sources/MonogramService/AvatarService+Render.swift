import MonogramCore
import MonogramRender
import MonogramSync

/// The one place a render failure becomes a `ServiceError` (a 500 whose details, naming the
/// cache key, go only to the log), and the one place renders take their memory from the
/// render budget (issue 11): a worker takes the bytes its render will hold before cairo
/// allocates a surface, so however many renders run at once, render memory stays within the
/// README's term `render.workers × 9 B × (4 × render.max_size)²` — the largest frame's
/// measured working set per worker — whatever mix of sizes and masks arrives.
extension AvatarService {
    /// Measured peak of a render per pixel: the ARGB surface, its RGBA copy and the PNG encoder
    /// (README, Memory: 141.8 MiB at 4096²). Mask shapes also hold a masked group surface (4 B)
    /// and the scaled A8 mask with its copy (2 B).
    static let renderBytesPerPixel = 9
    static let maskedRenderBytesPerPixel = 15

    static func renderBudget(workers: Int, maxSize: Int) -> MemoryBudget {
        let side = 4 * max(1, maxSize)
        return MemoryBudget(capacity: max(1, workers) * renderBytesPerPixel * side * side)
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

    /// Peak bytes of one render of `width × height` pixels.
    static func renderBytes(width: Int, height: Int, masked: Bool) -> Int {
        width * height * (masked ? maskedRenderBytesPerPixel : renderBytesPerPixel)
    }

    /// `body` with `bytes` taken from the render budget, waiting at most `render.timeout` for
    /// other workers to give theirs back (then 503, like a render that waited too long in the
    /// queue). A render larger than the whole budget (a 4096-px mask with one worker) takes
    /// all of it and runs alone.
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
