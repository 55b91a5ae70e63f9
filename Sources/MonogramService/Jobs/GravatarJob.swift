import MonogramCore
import MonogramGravatar
import MonogramPictures

/// `/gravatar/{hash}` drawn (API §7): for a directory entry its picture, else the upstream's
/// picture, else its initials; for an unknown hash the `d` default. Pictures load on the
/// picture service's threads (the entry's first, the upstream's only if that gives nothing),
/// within one picture budget from the request's arrival; past it the initials are drawn.
struct GravatarJob: AnswerJob {
    let key: AnswerKey
    let drawing: GravatarDrawing
    let pixels: Int
    /// PNG, or JPEG for a `.jpg`/`.jpeg` suffix or `format=jpeg` (API §11; white matte).
    let format: OutputFormat
    /// The entry's picture, then the upstream's, in the order tried; empty for the defaults.
    let sources: [PictureURL]
    let resolver: AvatarResolver
    let renderer: Drawing
    let pictures: PictureService
    let cacheControl: String
    let failureCacheControl: String
    /// Whose answer this is (API §9): the directory entry's colour key, or the hash itself
    /// (lower-case hex) when the directory does not know it.
    let tagKey: String

    var tags: [UInt64] { CacheTag.people([tagKey]) }

    var placement: AnswerPlacement { .pool }
    var work: WorkCost { CostModel.avatar(side: pixels, masked: false, format: format, picture: !sources.isEmpty) }
    /// The first source's: the upstream is tried only when it gives nothing.
    var prepaidPictureTokens: Int { sources.first.map(pictures.prepaidTokens) ?? 0 }
    var gatherBudget: Duration { sources.isEmpty ? .zero : pictures.loadBudget }
    /// The directory can change on any reload: the raw target is not remembered as an alias of
    /// this key (the key names the entry's version, the target does not).
    var remembersTarget: Bool { false }

    /// Nil: no picture (none to load, none loaded in time).
    typealias Materials = PictureLoad?

    var lateMaterials: PictureLoad?? { .some(nil) }

    func gather(until deadline: ContinuousClock.Instant, charge: WorkCharge, _ done: @escaping @Sendable (PictureLoad?) -> Void) {
        load(sources[...], last: nil, until: deadline, charge: charge, done)
    }

    /// Tries each source in turn until one gives a picture; hands on the last outcome.
    private func load(
        _ rest: ArraySlice<PictureURL>, last: PictureLoad?, until deadline: ContinuousClock.Instant, charge: WorkCharge,
        _ done: @escaping @Sendable (PictureLoad?) -> Void
    ) {
        guard let url = rest.first else { return done(last) }
        pictures.load(url, pixelSize: pixels, deadline: deadline, charge: charge.picture) { [self] outcome in
            if outcome.bitmap != nil { return done(outcome) }
            if case .failure(.overBudget) = outcome.result { return done(outcome) }
            load(rest.dropFirst(), last: outcome, until: deadline, charge: charge, done)
        }
    }

    func produce(_ load: PictureLoad?, until deadline: ContinuousClock.Instant) throws(ServiceError) -> Produced {
        try load?.refuseOverBudget()
        var spec = drawing.spec(pixels: pixels, resolver: resolver)
        if let load, let bitmap = load.bitmap, let digest = load.digest {
            spec.content = .picture(bitmap)
            return .image(
                try renderer.avatar(spec, format: format, matte: .white, key: key, until: deadline), format: format, source: .picture,
                variant: .picture(digest: digest), cacheControl: cacheControl, lifetime: .seconds(max(0, load.ttl)))
        }
        let source: AvatarSource = drawing.drawsInitials ? .initials : .placeholder
        let body = try renderer.avatar(spec, format: format, matte: .white, key: key, until: deadline)
        guard !sources.isEmpty else { return .image(body, format: format, source: source, cacheControl: cacheControl) }
        // Drawn for want of a picture: kept only as long as the failure is remembered (nothing
        // if it came too late), so the picture is tried again.
        return .image(
            body, format: format, source: source, variant: .pictureFallback, cacheControl: failureCacheControl,
            lifetime: .seconds(max(0, load?.ttl ?? 0)))
    }
}
