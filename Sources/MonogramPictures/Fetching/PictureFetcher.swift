internal import CPictures
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fetched picture: its bytes and how long the origin lets us keep them.
struct FetchedPicture: Sendable {
    var bytes: [UInt8]
    var cacheControl: String?
}

/// Fetches one URL with libcurl, following at most `maxRedirects` redirects itself so each hop
/// is checked against the allow-list, within one overall deadline. Blocking: runs on the
/// fetch threads only.
struct PictureFetcher: Sendable {
    let settings: PictureSettings
    let allowList: AllowList

    /// libcurl wants curl_global_init before any handle exists; a static let runs it once.
    private static let globalInit: Bool = monogram_fetch_global_init() == 0

    /// Follows redirects until a picture, a failure, or `deadline` (all hops together).
    func fetch(_ start: PictureURL, deadline: ContinuousClock.Instant) -> Result<FetchedPicture, PictureFailure> {
        guard PictureFetcher.globalInit else { return .failure(.failed) }
        var url = start
        var redirects = 0
        while true {
            guard let match = allowList.match(url) else { return .failure(.redirectRefused) }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return .failure(.timeout) }
            let remainingMs = max(1, Int(remaining / .milliseconds(1)))
            let hop = exchange(url, match: match, remainingMs: remainingMs)
            switch hop {
            case .failure(let failure):
                return .failure(failure)
            case .success(let response):
                switch response.status {
                case 200...299:
                    return .success(FetchedPicture(bytes: response.body, cacheControl: response.cacheControl))
                case 301, 302, 303, 307, 308:
                    redirects += 1
                    guard redirects <= settings.maxRedirects else { return .failure(.tooManyRedirects) }
                    guard let location = response.location, let next = try? PictureURL.parse(location) else {
                        return .failure(.redirectRefused)
                    }
                    url = next
                case 404, 410:
                    return .failure(.notFound)
                default:
                    return .failure(.httpStatus)
                }
            }
        }
    }

    struct Response {
        var status: Int
        var body: [UInt8]
        var location: String?
        var cacheControl: String?
    }

    /// One request, no redirect followed.
    private func exchange(_ url: PictureURL, match: AllowList.Match, remainingMs: Int) -> Result<Response, PictureFailure> {
        var result = monogram_fetch_result()
        defer { monogram_fetch_result_free(&result) }
        // A C function pointer cannot capture: it calls the pure policy with the bytes.
        let publicOnly: monogram_address_check = { family, address in
            guard let address else { return 0 }
            let count = family == AF_INET ? 4 : 16
            return AddressPolicy.isPublic(Array(UnsafeBufferPointer(start: address, count: count))) ? 1 : 0
        }
        url.string.withCString { urlText in
            settings.userAgent.withCString { agent in
                var request = monogram_fetch_request(
                    url: urlText,
                    connect_timeout_ms: min(remainingMs, max(1, Int(settings.connectTimeout * 1000))),
                    total_timeout_ms: remainingMs,
                    max_bytes: settings.maxBytes,
                    address_check: match.namesAddress ? nil : publicOnly,
                    user_agent: agent)
                monogram_fetch(&request, &result)
            }
        }
        switch Int(result.outcome) {
        case Int(MONOGRAM_FETCH_OK): break
        case Int(MONOGRAM_FETCH_TOO_LARGE): return .failure(.tooLarge)
        case Int(MONOGRAM_FETCH_ADDRESS_REFUSED): return .failure(.addressRefused)
        case Int(MONOGRAM_FETCH_TIMEOUT): return .failure(.timeout)
        case Int(MONOGRAM_FETCH_CONNECT_FAILED): return .failure(.connectFailed)
        default: return .failure(.failed)
        }
        let body = result.body.map { [UInt8](UnsafeBufferPointer(start: $0, count: result.body_size)) } ?? []
        return .success(Response(
            status: result.status,
            body: body,
            location: result.location.map { String(cString: $0) },
            cacheControl: result.cache_control.map { String(cString: $0) }))
    }
}

/// Monotonic nanoseconds, for deadlines and cache lifetimes (never the wall clock). Not named
/// `Clock`: that would shadow the standard library protocol in this module.
enum MonotonicNanoseconds {
    static var now: UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// `now` + `seconds`, saturating (a lifetime is the origin's number, clamped by
    /// configuration; neither may trap on the way to nanoseconds).
    static func after(seconds: Double) -> UInt64 {
        let nanoseconds = seconds.isFinite ? min(max(seconds, 0), 1e9) * 1e9 : 0
        let (sum, overflow) = now.addingReportingOverflow(UInt64(nanoseconds))
        return overflow ? .max : sum
    }
}
