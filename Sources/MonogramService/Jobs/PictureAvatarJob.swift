import MonogramCore
import MonogramHTTP
import MonogramPictures

/// `/avatar/{name}?picture=URL` (API §3): the picture drawn in the avatar's shape, or the
/// initials (or a 404 with `fallback=404`) when it cannot be used. The load runs on the picture
/// service's threads, never on an event loop or a render worker; the answer is kept for as long
/// as the picture's outcome holds.
struct PictureAvatarJob: AnswerJob {
    let key: AnswerKey
    let resolved: ResolvedAvatar
    let url: PictureURL
    let pictures: PictureService
    let drawing: Drawing
    let failure: PictureFailureAnswers

    var placement: AnswerPlacement { .pool }
    var work: WorkCost {
        CostModel.avatar(side: resolved.spec.pixelSize, masked: resolved.spec.shape.isMask, format: resolved.options.format, picture: true)
    }
    var prepaidPictureTokens: Int { pictures.prepaidTokens(url) }
    var gatherBudget: Duration { pictures.loadBudget }
    var tags: [UInt64] { CacheTag.people([resolved.colorKey]) }

    /// Nil: the picture did not come by the deadline.
    typealias Materials = PictureLoad?

    var lateMaterials: PictureLoad?? { .some(nil) }

    func gather(until deadline: ContinuousClock.Instant, charge: WorkCharge, _ done: @escaping @Sendable (PictureLoad?) -> Void) {
        pictures.load(url, pixelSize: resolved.spec.pixelSize, deadline: deadline, charge: charge.picture) { done($0) }
    }

    func produce(_ load: PictureLoad?, until deadline: ContinuousClock.Instant) throws(ServiceError) -> Produced {
        try load?.refuseOverBudget()
        let format = resolved.options.format
        // Too late: drawn without it and not kept, so the next request tries again.
        let lifetime = Duration.seconds(max(0, load?.ttl ?? 0))
        var spec = resolved.spec
        if let load, let bitmap = load.bitmap, let digest = load.digest {
            spec.content = .picture(bitmap)
            return .image(
                try drawing.avatar(spec, format: format, matte: resolved.options.matte, key: key, title: resolved.alt, until: deadline), format: format, source: .picture,
                variant: .picture(digest: digest), cacheControl: CacheDirective.maxAge(lifetime), lifetime: lifetime)
        }
        if resolved.options.fallback == .notFound {
            // Like Gravatar's d=404: the page falls back itself. Short-lived, so it is retried.
            return Produced(content: .plain(failure.notFound), lifetime: lifetime)
        }
        return .image(
            try drawing.avatar(spec, format: format, matte: resolved.options.matte, key: key, title: resolved.alt, until: deadline), format: format,
            source: resolved.initials.isEmpty ? .placeholder : .initials, variant: .pictureFallback,
            cacheControl: failure.cacheControl, lifetime: lifetime)
    }
}

/// What an answer drawn without its picture says: `pictures.failure_cache_control`, and the
/// prebuilt `fallback=404` answer.
struct PictureFailureAnswers: Sendable {
    let cacheControl: String
    let notFound: HTTPResponse

    init(cacheControl: String, headers: CommonHeaders) {
        self.cacheControl = cacheControl
        self.notFound = headers.response(
            .notFound,
            [(HeaderName.contentType, MediaType.plainText), (HeaderName.cacheControl, cacheControl)],
            body: Array("no picture for this avatar\n".utf8))
    }
}

extension PictureService {
    /// How long a load may take before its answer is drawn without it: the whole fetch budget.
    var loadBudget: Duration { .seconds(settings.totalTimeout) }
}

extension PictureLoad {
    /// The client could not pay for the picture's fetch and decode: the request is a 429, not
    /// an answer drawn without it (which would be cached as if the picture had failed).
    func refuseOverBudget() throws(ServiceError) {
        if case .failure(.overBudget) = result { throw .overBudget(retryAfter: max(1, retryAfter)) }
    }
}
