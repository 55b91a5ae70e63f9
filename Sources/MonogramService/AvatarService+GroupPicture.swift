import MonogramCore
import MonogramHTTP
import MonogramPictures
import MonogramRender
import MonogramSync

/// `picture` on `/group` (API §2, §3): the i-th picture belongs to the i-th name. Every drawn
/// face's picture is loaded at once (each URL once, on the picture threads); the row is drawn
/// when the last load ends, with initials for any face whose picture could not be used.
extension AvatarService {
    /// Checks every `picture` against the allow-list and normalises it (a bad one is a 400).
    func checkPictures(_ options: inout GroupOptions) throws(OptionsError) {
        for index in options.pictures.indices {
            guard let picture = options.pictures[index] else { continue }
            do throws(PictureError) {
                options.pictures[index] = try pictures.validate(picture).string
            } catch {
                throw OptionsError(parameter: "picture", message: error.description)
            }
        }
    }

    /// The pictures of the faces that are drawn, by face index.
    func drawnPictures(_ resolved: ResolvedGroup) -> [(face: Int, url: PictureURL)] {
        resolved.options.pictures.prefix(resolved.spec.faces.count).enumerated().compactMap { face, picture in
            picture.flatMap { try? pictures.validate($0) }.map { (face, $0) }
        }
    }

    func pictureGroup(
        _ request: HTTPRequestHead, context: HTTPRequestContext, resolved: ResolvedGroup, wanted: [(face: Int, url: PictureURL)],
        key: String, responder: HTTPResponder
    ) -> HTTPHandlerResult {
        let ifNoneMatch = request.headers("If-None-Match")
        if let stored = storedPictureAnswer(key) {
            return .respond(stored.answer(ifNoneMatch: ifNoneMatch), note: "hit")
        }
        let pixels = resolved.spec.layout.width * resolved.spec.layout.height
        if let refusal = chargeBudget(request, context: context, key: key, pixels: pixels) {
            return .respond(refusal, note: "refused")
        }
        guard flights.join(key, Waiter(responder: responder, ifNoneMatch: ifNoneMatch)) else {
            return .deferred
        }
        let gathered = Locked<[Int: PictureLoad]>([:])
        for (face, url) in wanted {
            pictures.load(url, pixelSize: resolved.spec.layout.side) { [self] load in
                let all: [Int: PictureLoad]? = gathered.withLock { loads in
                    loads[face] = load
                    return loads.count == wanted.count ? loads : nil
                }
                guard let all else { return }
                let submitted = pool.submit { [self] in
                    finishPicture(key, with: drawGroup(resolved, loads: all, key: key))
                }
                if !submitted { finishPicture(key, with: .failure(.overloaded)) }
            }
        }
        return .deferred
    }

    /// Draws the row with every picture that loaded; kept for as long as the shortest-lived
    /// outcome holds, and briefly cacheable for clients when any picture failed.
    private func drawGroup(_ resolved: ResolvedGroup, loads: [Int: PictureLoad], key: String) -> Result<PictureAnswer, ServiceError> {
        var spec = resolved.spec
        var digests: [String] = []
        for (face, load) in loads.sorted(by: { $0.key < $1.key }) {
            guard let bitmap = load.bitmap, let digest = load.digest else { continue }
            spec.faces[face].content = .picture(bitmap)
            digests.append("\(face):" + String(digest, radix: 16))
        }
        let failed = digests.count < loads.count
        let ttl = loads.values.map(\.ttl).min() ?? 0
        let format = resolved.options.format
        let bytes: [UInt8]
        do throws(ServiceError) {
            bytes = try renderGroup(spec, format: format, key: key)
        } catch {
            return .failure(error)
        }
        let source = !digests.isEmpty ? "picture" : resolved.faces.allSatisfy { $0.initials.isEmpty } ? "placeholder" : "initials"
        let cached = responses.avatar(
            body: bytes, format: format, canonicalKey: key + "|pictures|" + digests.joined(separator: ","), source: source,
            cacheControl: failed ? settings.pictureFailureCacheControl : "public, max-age=\(Int(ttl.rounded()))")
        let answer = PictureAnswer(body: .avatar(cached), expires: monotonicNanoseconds() + UInt64(max(0, ttl) * 1e9))
        if ttl > 0 { pictureAnswers.insert(answer, forKey: key, cost: answer.cost(key: key)) }
        return .success(answer)
    }
}
