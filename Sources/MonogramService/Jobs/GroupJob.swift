import MonogramCore

/// `/group/{names}` drawn from the request alone (no picture to load): the row of faces on a
/// render worker, or the §2 JSON on the loop thread.
struct GroupJob: AnswerJob {
    let key: AnswerKey
    let resolved: ResolvedGroup
    let drawing: Drawing

    init(resolved: ResolvedGroup, drawing: Drawing) {
        self.key = .group(resolved.options, names: resolved.names)
        self.resolved = resolved
        self.drawing = drawing
    }

    var placement: AnswerPlacement { resolved.options.format == .json ? .loop : .pool }
    var work: WorkCost { resolved.options.format == .json ? CostModel.json : resolved.work(pictures: 0) }

    var tags: [UInt64] { CacheTag.people(resolved.faces.map(\.colorKey)) }

    var source: AvatarSource { resolved.faces.allSatisfy { $0.initials.isEmpty } ? .placeholder : .initials }

    func produce(_: Void, until deadline: ContinuousClock.Instant) throws(ServiceError) -> Produced {
        let format = resolved.options.format
        switch format {
        case .json: return .image(Array(resolved.json.utf8), format: .json, source: source)
        default: return .image(try drawing.group(resolved.spec, format: format, matte: resolved.options.matte, key: key, title: resolved.alt, until: deadline), format: format, source: source)
        }
    }
}

extension ResolvedGroup {
    /// The row as drawn: the layout's pixels, every face at its full side.
    func work(pictures: Int) -> WorkCost {
        let layout = spec.layout
        return CostModel.render(
            width: layout.width, height: layout.height, faceSide: layout.side, faces: layout.slots, masked: spec.shape.isMask,
            format: options.format, pictures: pictures)
    }
}
