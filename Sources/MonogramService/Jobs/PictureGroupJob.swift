import MonogramCore
import MonogramPictures
import MonogramSync

/// `picture` on `/group` (API §2, §3): the i-th picture belongs to the i-th name. Every drawn
/// face's picture is loaded at once (each URL once, on the picture threads); the row is drawn
/// when the last load ends, with initials for any face whose picture could not be used, and kept
/// for as long as the shortest-lived outcome holds.
struct PictureGroupJob: AnswerJob {
    let key: AnswerKey
    let resolved: ResolvedGroup
    /// The pictures of the faces that are drawn, by face index (never empty).
    let wanted: [(face: Int, url: PictureURL)]
    let pictures: PictureService
    let drawing: Drawing
    let failure: PictureFailureAnswers

    var placement: AnswerPlacement { .pool }
    var work: WorkCost { resolved.work(pictures: wanted.count) }
    /// Each distinct URL once, as `gather` loads it.
    var prepaidPictureTokens: Int {
        var seen: Set<String> = []
        return wanted.reduce(0) { sum, face in seen.insert(face.url.string).inserted ? sum + pictures.prepaidTokens(face.url) : sum }
    }
    var gatherBudget: Duration { pictures.loadBudget }
    var tags: [UInt64] { CacheTag.people(resolved.faces.map(\.colorKey)) }
    /// Past the deadline every face is drawn with its initials.
    var lateMaterials: [Int: PictureLoad]? { [:] }

    func gather(until deadline: ContinuousClock.Instant, charge: WorkCharge, _ done: @escaping @Sendable ([Int: PictureLoad]) -> Void) {
        let gathered = Locked<[Int: PictureLoad]>([:])
        let count = wanted.count
        var charged: Set<String> = []
        for (face, url) in wanted {
            // A URL named by several faces is fetched and decoded once, so it is paid for once.
            let pays = charged.insert(url.string).inserted
            pictures.load(url, pixelSize: resolved.spec.layout.side, deadline: deadline, charge: pays ? charge.picture : nil) { load in
                let all: [Int: PictureLoad]? = gathered.withLock { loads in
                    loads[face] = load
                    return loads.count == count ? loads : nil
                }
                if let all { done(all) }
            }
        }
    }

    func produce(_ loads: [Int: PictureLoad], until deadline: ContinuousClock.Instant) throws(ServiceError) -> Produced {
        for load in loads.values { try load.refuseOverBudget() }
        var spec = resolved.spec
        var digests: [(face: Int, digest: UInt64)] = []
        for (face, load) in loads.sorted(by: { $0.key < $1.key }) {
            guard let bitmap = load.bitmap, let digest = load.digest else { continue }
            spec.faces[face].content = .picture(bitmap)
            digests.append((face, digest))
        }
        let failed = digests.count < wanted.count
        let lifetime = Duration.seconds(max(0, loads.values.map(\.ttl).min() ?? 0))
        let format = resolved.options.format
        let source: AvatarSource = !digests.isEmpty ? .picture : resolved.faces.allSatisfy { $0.initials.isEmpty } ? .placeholder : .initials
        return .image(
            try drawing.group(spec, format: format, matte: resolved.options.matte, key: key, title: resolved.alt, until: deadline), format: format, source: source, variant: .groupPictures(digests),
            cacheControl: failed ? failure.cacheControl : CacheDirective.maxAge(lifetime), lifetime: lifetime)
    }
}
