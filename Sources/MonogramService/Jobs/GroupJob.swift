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
    var cost: Int { resolved.options.format == .json ? 1 : renderCost(side: resolved.spec.layout.side, faces: resolved.spec.layout.slots) }

    var tags: [UInt64] { CacheTag.people(resolved.faces.map(\.colorKey)) }

    var source: AvatarSource { resolved.faces.allSatisfy { $0.initials.isEmpty } ? .placeholder : .initials }

    func produce(_: Void, until deadline: ContinuousClock.Instant) throws(ServiceError) -> Produced {
        let format = resolved.options.format
        switch format {
        case .json: return .image(Array(resolved.json.utf8), format: .json, source: source)
        default: return .image(try drawing.group(resolved.spec, format: format, key: key, title: resolved.alt, until: deadline), format: format, source: source)
        }
    }
}
