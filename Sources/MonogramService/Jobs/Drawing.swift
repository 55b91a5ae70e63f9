import MonogramCore
import MonogramRender

/// The renderer as the jobs use it: the one place a render failure becomes a `ServiceError`
/// (a 500 whose details, naming the answer's key, go only to the log). Memory is not taken
/// here: the pipeline reserves a job's whole peak (`AnswerJob.work`, `CostModel`) from the
/// process-wide memory budget before `produce` runs.
struct Drawing: Sendable {
    let renderer: Renderer

    func avatar(_ spec: AvatarSpec, format: OutputFormat, key: AnswerKey, until deadline: ContinuousClock.Instant) throws(ServiceError) -> [UInt8] {
        do throws(RenderError) {
            return try renderer.render(spec, format: format.image)
        } catch {
            throw .internalFailure("render \(key): \(error)")
        }
    }

    func group(_ spec: GroupSpec, format: OutputFormat, key: AnswerKey, until deadline: ContinuousClock.Instant) throws(ServiceError) -> [UInt8] {
        do throws(RenderError) {
            return try renderer.renderGroup(spec, format: format.image)
        } catch {
            throw .internalFailure("render \(key): \(error)")
        }
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
