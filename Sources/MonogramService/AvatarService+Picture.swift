import MonogramCore
import MonogramHTTP
public import MonogramPictures
import MonogramRender

/// `picture=URL` (API §3): the picture drawn in the avatar's shape, or the initials (or a 404
/// with `fallback=404`) when it cannot be used.
///
/// The fetch runs on the picture service's own threads, never on an event loop or a render
/// worker; the drawing then goes to the render pool like any other avatar. Concurrent requests
/// for one key share one flight, and concurrent loads of one URL share one fetch.
extension AvatarService {
    /// Picture loads by outcome (`fetched`, `cache_hit`, `timeout`, …), for `/metrics`.
    public var pictureCounters: PictureCounters { pictures.counters }

    /// Checks `picture` against the allow-list and replaces it by its normal form, so spelling
    /// variants of one URL share a cache entry. A bad URL or host is a 400 naming it.
    func checkPicture(_ options: inout AvatarOptions) throws(OptionsError) {
        guard let picture = options.picture else { return }
        do throws(PictureError) {
            options.picture = try pictures.validate(picture).string
        } catch {
            throw OptionsError(parameter: "picture", message: error.description)
        }
    }

    func pictureAvatar(
        _ request: HTTPRequestHead, context: HTTPRequestContext, resolved: ResolvedAvatar, url: PictureURL, key: String,
        responder: HTTPResponder
    ) -> HTTPHandlerResult {
        let ifNoneMatch = request.headers("If-None-Match")
        if let stored = storedPictureAnswer(key) {
            return .respond(stored.answer(ifNoneMatch: ifNoneMatch), note: "hit")
        }
        let pixels = resolved.spec.pixelSize * resolved.spec.pixelSize
        if let refusal = chargeBudget(request, context: context, key: key, pixels: pixels) {
            return .respond(refusal, note: "refused")
        }
        guard flights.join(key, Waiter(responder: responder, ifNoneMatch: ifNoneMatch)) else {
            return .deferred
        }
        pictures.load(url, pixelSize: resolved.spec.pixelSize) { [self] load in
            let submitted = pool.submit { [self] in
                finishPicture(key, with: drawPicture(resolved, load: load, key: key))
            }
            if !submitted { finishPicture(key, with: .failure(.overloaded)) }
        }
        return .deferred
    }

    /// Draws the avatar with the picture, or its fallback, and keeps it for as long as the
    /// outcome holds.
    private func drawPicture(_ resolved: ResolvedAvatar, load: PictureLoad, key: String) -> Result<PictureAnswer, ServiceError> {
        let format = resolved.options.format
        let expires = monotonicNanoseconds() + UInt64(max(0, load.ttl) * 1e9)
        var spec = resolved.spec
        let body: PictureAnswer.Body
        if let bitmap = load.bitmap, let digest = load.digest {
            spec.content = .picture(bitmap)
            do throws(ServiceError) {
                let bytes = try render(spec, format: format, key: key)
                // The source's digest is in the ETag: a changed picture must not revalidate
                // as the old one.
                body = .avatar(responses.avatar(
                    body: bytes, format: format, canonicalKey: key + "|picture|" + String(digest, radix: 16),
                    source: "picture", cacheControl: "public, max-age=\(Int(load.ttl.rounded()))"))
            } catch {
                return .failure(error)
            }
        } else if resolved.options.fallback == .notFound {
            // Like Gravatar's d=404: the page falls back itself. Short-lived, so it is retried.
            body = .plain(HTTPResponse(
                status: .notFound,
                headers: [
                    ("Content-Type", "text/plain; charset=utf-8"),
                    ("Cache-Control", settings.pictureFailureCacheControl),
                    ("Access-Control-Allow-Origin", settings.corsOrigin),
                    ("X-Content-Type-Options", "nosniff"),
                ],
                body: Array("no picture for this avatar\n".utf8)))
        } else {
            do throws(ServiceError) {
                let bytes = try render(spec, format: format, key: key)
                body = .avatar(responses.avatar(
                    body: bytes, format: format, canonicalKey: key + "|fallback",
                    source: resolved.initials.isEmpty ? "placeholder" : "initials",
                    cacheControl: settings.pictureFailureCacheControl))
            } catch {
                return .failure(error)
            }
        }
        let answer = PictureAnswer(body: body, expires: expires)
        if load.ttl > 0 { pictureAnswers.insert(answer, forKey: key, cost: answer.cost(key: key)) }
        return .success(answer)
    }

    /// An answer drawn from (or for want of) a picture, while its picture outcome still holds.
    func storedPictureAnswer(_ key: String) -> PictureAnswer? {
        guard let stored = pictureAnswers.value(forKey: key), stored.expires > monotonicNanoseconds() else { return nil }
        return stored
    }

    func finishPicture(_ key: String, with outcome: Result<PictureAnswer, ServiceError>) {
        let waiters = flights.finish(key)
        switch outcome {
        case .success(let answer):
            for waiter in waiters { waiter.responder.respond(answer.answer(ifNoneMatch: waiter.ifNoneMatch), note: "miss") }
        case .failure(let error):
            let response = response(for: error, prefersImage: false)
            for waiter in waiters { waiter.responder.respond(response, note: "miss") }
        }
    }
}
