import MonogramCore
import MonogramSync

/// Loads pictures for avatars: checks URLs against the allow-list, fetches each URL once however
/// many ask at the same time (on its own bounded thread pool), keeps fetched bytes in a
/// byte-bounded LRU for the lifetime the origin allows, remembers failures for a short while,
/// and decodes to the size asked for.
///
/// The entry point for every route that draws pictures (`/avatar`, and `/group` per face).
public final class PictureService: Sendable {
    public typealias Completion = @Sendable (PictureLoad) -> Void

    public let settings: PictureSettings
    public let allowList: AllowList
    /// Outcomes of every load, for `/metrics`.
    public let counters = PictureCounters()

    private let fetcher: PictureFetcher
    private let decoder: PictureDecoder
    private let pool: WorkerPool
    private let sources: LRUCache<String, SourcePicture>
    private let failures: LRUCache<String, RememberedFailure>
    /// URL → callbacks waiting for the fetch in flight.
    private let flights = Locked<[String: [@Sendable (Result<SourcePicture, PictureFailure>) -> Void]]>([:])

    public init(settings: PictureSettings) {
        self.settings = settings
        self.allowList = AllowList(patterns: settings.allowedHosts)
        self.fetcher = PictureFetcher(settings: settings, allowList: allowList)
        self.decoder = PictureDecoder(maxPixels: settings.maxPixels)
        self.pool = WorkerPool(name: "picture", threads: settings.maxConcurrentFetches, queueLimit: settings.queueLimit, lazily: true)
        self.sources = LRUCache(maxBytes: settings.cacheBytes)
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

    /// Loads `url` as a square of about `pixelSize` pixels and calls `completion` once, on a
    /// fetch thread (or at once on the caller's thread for a remembered failure).
    public func load(_ url: PictureURL, pixelSize: Int, completion: @escaping Completion) {
        let key = url.string
        let now = Clock.now
        if let failure = failures.value(forKey: key), failure.expires > now {
            counters.record(.cachedFailure)
            completion(PictureLoad(result: .failure(failure.failure), ttl: seconds(until: failure.expires, from: now), digest: nil))
            return
        }
        if let source = sources.value(forKey: key), source.expires > now {
            counters.record(.cacheHit)
            let queued = pool.submit { [self] in completion(decode(source, url: key, pixelSize: pixelSize)) }
            if !queued { completion(busy()) }
            return
        }
        let first = flights.withLock { flights in
            let waiter: @Sendable (Result<SourcePicture, PictureFailure>) -> Void = { [self] outcome in
                switch outcome {
                case .success(let source): completion(decode(source, url: key, pixelSize: pixelSize))
                case .failure(let failure):
                    completion(PictureLoad(result: .failure(failure), ttl: failure == .busy ? 0 : settings.failureTTL, digest: nil))
                }
            }
            let isFirst = flights[key] == nil
            flights[key, default: []].append(waiter)
            return isFirst
        }
        guard first else { return }
        let queued = pool.submit { [self] in finishFlight(key, with: fetchSource(url)) }
        if !queued {
            counters.record(.failed(.busy))
            finishFlight(key, with: .failure(.busy))
        }
    }

    /// Fetches, checks the header (format and pixel limit, so a bomb is never cached), and
    /// caches the bytes or the failure.
    private func fetchSource(_ url: PictureURL) -> Result<SourcePicture, PictureFailure> {
        let key = url.string
        let outcome: Result<SourcePicture, PictureFailure>
        switch fetcher.fetch(url) {
        case .failure(let failure):
            outcome = .failure(failure)
        case .success(let fetched):
            do throws(PictureFailure) {
                _ = try decoder.dimensions(of: fetched.bytes)
                let ttl = CacheLifetime.seconds(cacheControl: fetched.cacheControl, minimum: settings.minTTL, maximum: settings.maxTTL)
                let source = SourcePicture(
                    bytes: fetched.bytes, expires: Clock.now + UInt64(ttl * 1e9), digest: ColorKey.fnv1a64(fetched.bytes))
                sources.insert(source, forKey: key, cost: source.cost)
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
        return outcome
    }

    private func finishFlight(_ key: String, with outcome: Result<SourcePicture, PictureFailure>) {
        let waiters = flights.withLock { $0.removeValue(forKey: key) ?? [] }
        for waiter in waiters { waiter(outcome) }
    }

    private func decode(_ source: SourcePicture, url key: String, pixelSize: Int) -> PictureLoad {
        do throws(PictureFailure) {
            let bitmap = try decoder.decode(source.bytes, targetSide: pixelSize)
            return PictureLoad(result: .success(bitmap), ttl: seconds(until: source.expires, from: Clock.now), digest: source.digest)
        } catch {
            // The header was fine but the data is not (truncated, corrupt): remember it, so the
            // bytes are not decoded again for every request until they expire.
            counters.record(.failed(error))
            remember(error, for: key)
            return PictureLoad(result: .failure(error), ttl: settings.failureTTL, digest: nil)
        }
    }

    private func remember(_ failure: PictureFailure, for key: String) {
        guard failure != .busy else { return }
        let entry = RememberedFailure(failure: failure, expires: Clock.now + UInt64(settings.failureTTL * 1e9))
        failures.insert(entry, forKey: key, cost: key.utf8.count + 64)
    }

    private func busy() -> PictureLoad {
        counters.record(.failed(.busy))
        return PictureLoad(result: .failure(.busy), ttl: 0, digest: nil)
    }

    private func seconds(until deadline: UInt64, from now: UInt64) -> Double {
        deadline > now ? Double(deadline - now) / 1e9 : 0
    }
}
