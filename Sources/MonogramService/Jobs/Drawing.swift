import MonogramCore
import MonogramRender

/// The renderer as the jobs use it: the one place a render failure becomes a `ServiceError`
/// (a 500 whose details, naming the answer's key, go only to the log).
struct Drawing: Sendable {
    let renderer: Renderer

    func avatar(_ spec: AvatarSpec, format: OutputFormat, key: AnswerKey) throws(ServiceError) -> [UInt8] {
        do throws(RenderError) {
            return try renderer.render(spec, format: format == .svg ? .svg : .png)
        } catch {
            throw .internalFailure("render \(key): \(error)")
        }
    }

    func group(_ spec: GroupSpec, format: OutputFormat, key: AnswerKey) throws(ServiceError) -> [UInt8] {
        do throws(RenderError) {
            return try renderer.renderGroup(spec, format: format == .svg ? .svg : .png)
        } catch {
            throw .internalFailure("render \(key): \(error)")
        }
    }
}
