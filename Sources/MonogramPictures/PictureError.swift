/// Why a picture could not be used. The first three are the request's fault (a 400 naming the
/// problem); the rest are failures of the fetch or the image, answered with the fallback.
public enum PictureError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidURL
    case userInfo
    case hostNotAllowed(String)
    case failed(PictureFailure)

    /// One line for the 400 body (`picture …`).
    public var description: String {
        switch self {
        case .invalidURL: "picture must be an absolute http or https URL"
        case .userInfo: "picture must not contain a user name or password"
        case .hostNotAllowed(let host): "picture host \(host) is not allowed"
        case .failed(let failure): "picture could not be used: \(failure.rawValue)"
        }
    }
}

/// What went wrong with a fetch or a decode; the raw value names the metrics outcome.
public enum PictureFailure: String, Error, Sendable, Hashable, CaseIterable {
    /// The origin answered 404 or 410.
    case notFound = "not_found"
    /// Any other status that is neither 2xx nor a followed redirect.
    case httpStatus = "http_status"
    case tooLarge = "too_large"
    case tooManyPixels = "too_many_pixels"
    /// A JPEG whose scans × pixels exceed `pictures.max_jpeg_work` (a CPU bomb).
    case tooMuchWork = "too_much_work"
    /// The decode memory budget stayed full until the request's deadline.
    case memoryBusy = "memory_busy"
    case timeout
    /// A redirect to a host outside the allow-list (or to an invalid URL).
    case redirectRefused = "redirect_refused"
    case tooManyRedirects = "too_many_redirects"
    /// The host resolved to a private, loopback or link-local address not named in the list.
    case addressRefused = "address_refused"
    case connectFailed = "connect_failed"
    /// The body is not PNG, JPEG or WebP.
    case notAnImage = "not_an_image"
    /// The body claims a known format but does not decode (truncated, corrupt).
    case undecodable
    /// Too many fetches queued already.
    case busy
    /// The requesting client's budget cannot pay for the fetch and decode (API §8).
    case overBudget = "over_budget"
    /// Anything else libcurl reports (TLS failure, reset connection, …).
    case failed
}
