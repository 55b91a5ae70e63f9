import MonogramCore
import MonogramSync

/// One flight per URL, on a picture thread: the bytes (cached or fetched), then one decode at
/// the largest size any waiting load asks for, shared by all of them (a /group naming the URL
/// ten times decodes it once).
extension PictureService {
    func runFlight(_ url: PictureURL) {
        let key = url.string
        // Every load waiting for this flight was answered at its deadline while the job was
        // queued: nobody is left to fetch or decode for.
        guard let latest = liveWaiters(key).map(\.deadline).max() else {
            finishFlight(key, with: .failure(.timeout))
            return
        }
        let source: SourcePicture
        let fetched: Bool
        switch sourcePicture(url, deadline: latest) {
        case .failure(let failure):
            finishFlight(key, with: .failure(failure))
            return
        case .success(let picture):
            (source, fetched) = picture
        }
        let side = liveWaiters(key).map(\.pixelSize).max() ?? 1
        let header = source.header
        let bytes = header.memoryCost(targetSide: side)
        // Every client waiting pays for the work its request asked for, now that its size is
        // known and before any of it is done; those whose budget cannot are refused (429).
        let work = CostModel.picture(
            sourcePixels: header.width * header.height, sourceBytes: source.bytes.count, fetched: fetched, decodeBytes: bytes)
        for waiter in liveWaiters(key) {
            guard let charge = waiter.charge, let retryAfter = charge(work) else { continue }
            counters.record(.failed(.overBudget))
            waiter.finish(PictureLoad(result: .failure(.overBudget), ttl: 0, digest: nil, retryAfter: retryAfter))
        }
        guard !liveWaiters(key).isEmpty else {
            finishFlight(key, with: .failure(.overBudget))
            return
        }
        let decoded: Result<PictureBitmap, PictureFailure>
        do throws(PictureFailure) {
            // `pictures.decode_memory` is the most one decode may hold; all of them together
            // share the work memory with the renders.
            guard bytes <= settings.decodeMemory else { throw .tooManyPixels }
            let budgeted = try decodeBudget.with(bytes, until: latest) { [counters] () throws(PictureFailure) -> PictureBitmap in
                counters.recordDecode()
                return try decoder.decode(source.bytes, header: header, targetSide: side)
            }
            switch budgeted {
            case .success(let bitmap): decoded = .success(bitmap)
            // Larger than the whole budget: it could never be decoded here.
            case .failure(.neverFits): decoded = .failure(.tooManyPixels)
            case .failure(.timedOut): decoded = .failure(.memoryBusy)
            }
        } catch {
            decoded = .failure(error)
        }
        finishDecoded(key, source: source, decoded: decoded)
    }

    private func finishDecoded(_ key: String, source: SourcePicture, decoded: Result<PictureBitmap, PictureFailure>) {
        switch decoded {
        case .failure(let failure):
            // The header was fine but the data is not (truncated, corrupt): remembered, so
            // the bytes are not decoded again for every request until they expire.
            counters.record(.failed(failure))
            remember(failure, for: key)
            finishFlight(key, with: .failure(failure))
        case .success(let bitmap):
            let entry = DecodedPicture(
                bitmap: bitmap, complete: bitmap.side >= source.header.squareSide, expires: source.expires, digest: source.digest)
            cache.insert(.decoded(entry), forKey: PictureKey.decoded(key), cost: entry.cost)
            finishFlight(key, with: .success(entry))
        }
    }

    /// The bytes from the cache, or fetched by `deadline` (and at most `total_timeout`), with
    /// the header checked (format and every limit, so a bomb is never cached).
    private func sourcePicture(_ url: PictureURL, deadline: ContinuousClock.Instant) -> Result<(SourcePicture, fetched: Bool), PictureFailure> {
        let key = url.string
        if case .source(let source)? = cache.value(forKey: PictureKey.source(key)), source.expires > MonotonicNanoseconds.now {
            counters.record(.cacheHit)
            return .success((source, false))
        }
        let outcome: Result<SourcePicture, PictureFailure>
        switch fetcher.fetch(url, deadline: min(deadline, .now + .seconds(settings.totalTimeout))) {
        case .failure(let failure):
            outcome = .failure(failure)
        case .success(let fetched):
            do throws(PictureFailure) {
                let header = try decoder.header(of: fetched.bytes)
                let ttl = CacheLifetime.seconds(cacheControl: fetched.cacheControl, minimum: settings.minTTL, maximum: settings.maxTTL)
                let source = SourcePicture(
                    bytes: fetched.bytes, header: header, expires: MonotonicNanoseconds.after(seconds: ttl), digest: ColorKey.fnv1a64(fetched.bytes))
                cache.insert(.source(source), forKey: PictureKey.source(key), cost: source.cost)
                outcome = .success(source)
            } catch {
                outcome = .failure(error)
            }
        }
        switch outcome {
        case .success: counters.record(.fetched)
        case .failure(let failure):
            counters.record(.failed(failure))
            remember(failure, for: key)
        }
        return outcome.map { ($0, true) }
    }

    private func liveWaiters(_ key: String) -> [PendingLoad] {
        flights.withLock { $0[key] ?? [] }.filter(\.isLive)
    }

    func finishFlight(_ key: String, with outcome: Result<DecodedPicture, PictureFailure>) {
        let waiters = flights.withLock { $0.removeValue(forKey: key) ?? [] }
        for waiter in waiters {
            switch outcome {
            case .success(let decoded):
                waiter.finish(answer(decoded, for: waiter.pixelSize))
            case .failure(let failure):
                let transient = [.busy, .memoryBusy, .timeout, .overBudget].contains(failure) && failures.value(forKey: PictureKey.source(key)) == nil
                waiter.finish(PictureLoad(result: .failure(failure), ttl: transient ? 0 : settings.failureTTL, digest: nil))
            }
        }
    }
}
