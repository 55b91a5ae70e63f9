import MonogramCore
import MonogramRender

/// The one place a render failure becomes a `ServiceError` (a 500 whose details, naming the
/// cache key, go only to the log).
extension AvatarService {
    func render(_ spec: AvatarSpec, format: OutputFormat, key: String) throws(ServiceError) -> [UInt8] {
        do throws(RenderError) {
            return try renderer.render(spec, format: format.image)
        } catch {
            throw .internalFailure("render \(key): \(error)")
        }
    }

    func renderGroup(_ spec: GroupSpec, format: OutputFormat, key: String) throws(ServiceError) -> [UInt8] {
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
