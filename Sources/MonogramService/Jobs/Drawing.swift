import MonogramCore
import MonogramRender

/// The renderer as the jobs use it: the one place a render failure becomes a `ServiceError`
/// (a 500 whose details, naming the answer's key, go only to the log). Memory is not taken
/// here: the pipeline reserves a job's whole peak (`AnswerJob.work`, `CostModel`) from the
/// process-wide work memory before `produce` runs.
struct Drawing: Sendable {
    let renderer: Renderer

    /// `title`: the answer's alt text, an SVG's `<title>` (API §10).
    /// `matte`: a JPEG's colour outside the shape (API §11; other formats ignore it).
    func avatar(
        _ spec: AvatarSpec, format: OutputFormat, matte: RGBA, key: AnswerKey, title: String? = nil, until deadline: ContinuousClock.Instant
    ) throws(ServiceError) -> [UInt8] {
        do throws(RenderError) {
            return try renderer.render(spec, format: format.image(matte: matte), document: Drawing.document(key: key, title: title))
        } catch {
            throw .internalFailure("render \(key): \(error)")
        }
    }

    func group(
        _ spec: GroupSpec, format: OutputFormat, matte: RGBA, key: AnswerKey, title: String? = nil, until deadline: ContinuousClock.Instant
    ) throws(ServiceError) -> [UInt8] {
        do throws(RenderError) {
            return try renderer.renderGroup(spec, format: format.image(matte: matte), document: Drawing.document(key: key, title: title))
        } catch {
            throw .internalFailure("render \(key): \(error)")
        }
    }

    /// An SVG answer's title and id prefix: the prefix is derived from the answer's key, so two
    /// different answers inlined in one HTML page never share an id (API §10).
    static func document(key: AnswerKey, title: String?) -> SVGDocument {
        SVGDocument(title: title, idPrefix: SVGDocument.prefix(hash: key.etagHash(.plain, continuing: ColorKey.offsetBasis)))
    }
}

extension OutputFormat {
    /// The renderer's encoding for an image format, JPEG's with its matte (JSON never reaches
    /// the renderer; PNG stands in so the switch stays total).
    func image(matte: RGBA) -> ImageFormat {
        switch self {
        case .png, .json: .png
        case .svg: .svg
        case .webp: .webp
        case .avif: .avif
        case .jpeg: .jpeg(matte: matte)
        }
    }
}
