import MonogramCore

/// `/avatar/{name}` drawn from the request alone: initials (or the placeholder) as an image on
/// a render worker, or the §1 JSON on the loop thread. Initials and colour are resolved in
/// `produce`, so a miss costs the event loop only the parsing.
struct AvatarJob: AnswerJob {
    let key: AnswerKey
    let name: String
    let options: AvatarOptions
    let resolver: AvatarResolver
    let drawing: Drawing

    init(name: String, options: AvatarOptions, resolver: AvatarResolver, drawing: Drawing) {
        self.key = .avatar(options, name: name)
        self.name = name
        self.options = options
        self.resolver = resolver
        self.drawing = drawing
    }

    var placement: AnswerPlacement { options.format == .json ? .loop : .pool }
    /// The colour key, as `AvatarResolver` picks it: `id`, else the name.
    var tags: [UInt64] { CacheTag.people([options.id ?? name]) }
    var work: WorkCost {
        options.format == .json
            ? CostModel.json : CostModel.avatar(side: options.pixelSize, masked: options.shape.isMask, format: options.format, picture: false)
    }

    func produce(_: Void, until deadline: ContinuousClock.Instant) throws(ServiceError) -> Produced {
        let resolved = resolver.resolve(name: name, options: options)
        let source: AvatarSource = resolved.initials.isEmpty ? .placeholder : .initials
        switch options.format {
        case .json: return .image(Array(resolved.json.utf8), format: .json, source: source)
        default: return .image(try drawing.avatar(resolved.spec, format: options.format, matte: options.matte, key: key, title: resolved.alt, until: deadline), format: options.format, source: source)
        }
    }
}
