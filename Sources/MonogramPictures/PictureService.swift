public import MonogramCore
public import MonogramSync

/// Loads pictures for avatars: checks URLs against the allow-list, fetches and decodes each URL
/// once however many ask at the same time (on its own bounded thread pool), keeps the bytes and
/// the decoded square in one byte-bounded LRU for the lifetime the origin allows, remembers
/// failures for a short while, and reduces the decoded square to the size asked for.
///
/// Bounded by construction (issue 11): every load has a deadline from the request's arrival and
/// is answered by it (past it, `.timeout`: the fallback); queued work whose loads have all been
/// answered is not run; decoded pixels in flight on all threads share one `MemoryBudget`
/// (`pictures.decode_memory`); a JPEG's scan work is bounded before decoding.
///
/// The entry point for every route that draws pictures (`/avatar`, and `/group` per face).
public final class PictureService: Sendable {
    public typealias Completion = @Sendable (PictureLoad) -> Void
    /// Charges a fetch and decode (`CostModel.picture`) to a request's client once the
    /// picture's header is known, before any pixel is decoded: nil admits, a number refuses
    /// with that many seconds to wait.
    public typealias Charge = @Sendable (WorkCost) -> Int?

    public let settings: PictureSettings
    public let allowList: AllowList
    /// Outcomes of every load, for `/metrics`.
    public let counters = PictureCounters()
    /// Bytes of decoded pixels in flight across all picture threads, and of decoded pictures
    /// handed to renders until drawn: the process-wide memory budget when one is given.
    public let decodeBudget: MemoryBudget

    let fetcher: PictureFetcher
    let decoder: PictureDecoder
    let pool: WorkerPool
    /// `PictureKey.source(url)` → bytes, `PictureKey.decoded(url)` → decoded square; one budget
    /// (`pictures.cache_bytes`).
    let cache: LRUCache<String, CachedPicture>
    let failures: LRUCache<String, RememberedFailure>
    /// URL → loads waiting for the fetch and decode in flight.
    let flights = Locked<[String: [PendingLoad]]>([:])

    public init(settings: PictureSettings, memory: MemoryBudget? = nil) {
        self.settings = settings
        self.allowList = AllowList(patterns: settings.allowedHosts)
        self.fetcher = PictureFetcher(settings: settings, allowList: allowList)
        self.decoder = PictureDecoder(maxPixels: settings.maxPixels, maxJPEGWork: settings.maxJPEGWork)
        self.decodeBudget = memory ?? MemoryBudget(capacity: settings.decodeMemory)
        self.pool = WorkerPool(name: "picture", threads: settings.maxConcurrentFetches, queueLimit: settings.queueLimit, lazily: true)
        self.cache = LRUCache(maxBytes: settings.cacheBytes)
        self.failures = LRUCache(maxBytes: 1 << 20)
    }

    /// Parses `text` and checks its host against the allow-list: the URL to load, or the
    /// reason for a 400 (`picture host evil.example is not allowed`).
    public func validate(_ text: String) throws(PictureError) -> PictureURL {
        let url = try PictureURL.parse(text)
        guard allowList.match(url) != nil else {
            throw .hostNotAllowed(url.hostForURL + (url.port == url.scheme.defaultPort ? "" : ":\(url.port)"))
        }
        return url
    }

    /// Loads `url` as a square of about `pixelSize` pixels and calls `completion` exactly once,
    /// by `deadline` at the latest (with `.timeout` if the picture is not ready by then), on a
    /// picture thread, a timer thread, or at once on the caller's thread (a remembered failure,
    /// or a cached square that needs no reduction).
    public func load(
        _ url: PictureURL, pixelSize: Int, deadline: ContinuousClock.Instant, charge: Charge? = nil, completion: @escaping Completion
    ) {
        let key = url.string
        let now = MonotonicNanoseconds.now
        if let failure = failures.value(forKey: PictureKey.source(key)), failure.expires > now {
            counters.record(.cachedFailure)
            completion(PictureLoad(result: .failure(failure.failure), ttl: seconds(until: failure.expires, from: now), digest: nil))
            return
        }
        let pending = PendingLoad(pixelSize: max(1, pixelSize), deadline: deadline, charge: charge, completion: completion)
        if case .decoded(let decoded)? = cache.value(forKey: PictureKey.decoded(key)), decoded.expires > now, decoded.serves(pending.pixelSize) {
            counters.record(.cacheHit)
            if decoded.bitmap.side / 2 < pending.pixelSize {
                pending.finish(answer(decoded, for: pending.pixelSize))
                return
            }
            // Reducing a large square is real work: a picture thread's, within the deadline.
            pending.arm { [counters] in counters.record(.failed(.timeout)) }
            let queued = pool.submit { [self] in
                guard pending.isLive else { return }
                pending.finish(answer(decoded, for: pending.pixelSize))
            }
            if !queued { pending.finish(busy()) }
            return
        }
        pending.arm { [counters] in counters.record(.failed(.timeout)) }
        let first = flights.withLock { flights in
            defer { flights[key, default: []].append(pending) }
            return flights[key] == nil
        }
        guard first else { return }
        let queued = pool.submit { [self] in runFlight(url) }
        if !queued {
            counters.record(.failed(.busy))
            finishFlight(key, with: .failure(.busy))
        }
    }

    /// What a request prepays for loading `url` before it is fetched (`CostModel.prepaidTokens`):
    /// less when its bytes or its decoded square are in the picture cache. A remembered
    /// failure costs nothing to answer, but is rare enough to be priced as a cached picture.
    public func prepaidTokens(_ url: PictureURL) -> Int {
        let key = url.string
        let now = MonotonicNanoseconds.now
        let cached: Bool
        switch cache.peek(PictureKey.decoded(key)) {
        case .decoded(let decoded)? where decoded.expires > now: cached = true
        default:
            if case .source(let source)? = cache.peek(PictureKey.source(key)), source.expires > now {
                cached = true
            } else {
                cached = failures.peek(PictureKey.source(key)).map { $0.expires > now } ?? false
            }
        }
        return CostModel.prepaidTokens(cached: cached)
    }

    /// `load` with the deadline `pictures.total_timeout` from now.
    public func load(_ url: PictureURL, pixelSize: Int, charge: Charge? = nil, completion: @escaping Completion) {
        load(url, pixelSize: pixelSize, deadline: .now + .seconds(settings.totalTimeout), charge: charge, completion: completion)
    }

    /// The decoded square reduced for one load, its bytes held from the memory budget until
    /// the load is dropped (after its render). Taken without waiting (this may run on an
    /// event loop): when the budget is full the load fails as `.memoryBusy` and the initials
    /// are drawn, rather than holding pixels nobody counted.
    func answer(_ decoded: DecodedPicture, for pixelSize: Int) -> PictureLoad {
        let reduced = PictureGeometry.reducedSide(decoded.bitmap.side, target: pixelSize)
        guard let hold = decodeBudget.tryReserve(reduced * reduced * 4) else {
            counters.record(.failed(.memoryBusy))
            return PictureLoad(result: .failure(.memoryBusy), ttl: 0, digest: nil)
        }
        return PictureLoad(
            result: .success(PictureGeometry.reduce(decoded.bitmap, target: pixelSize)),
            ttl: seconds(until: decoded.expires, from: MonotonicNanoseconds.now), digest: decoded.digest, hold: hold)
    }

    func remember(_ failure: PictureFailure, for key: String) {
        // Our own limits of the moment are not the picture's fault: not remembered.
        guard ![.busy, .memoryBusy, .overBudget].contains(failure) else { return }
        let entry = RememberedFailure(failure: failure, expires: MonotonicNanoseconds.after(seconds: settings.failureTTL))
        let key = PictureKey.source(key)
        failures.insert(entry, forKey: key, cost: key.utf8.count + 64)
    }

    private func busy() -> PictureLoad {
        counters.record(.failed(.busy))
        return PictureLoad(result: .failure(.busy), ttl: 0, digest: nil)
    }

    func seconds(until deadline: UInt64, from now: UInt64) -> Double {
        deadline > now ? Double(deadline - now) / 1e9 : 0
    }
}
