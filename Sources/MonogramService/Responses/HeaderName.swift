import MonogramCore

/// Header names the service writes, spelled once (RFC 9110 field names; `X-Avatar-*` are ours).
enum HeaderName {
    static let contentType = "Content-Type"
    static let cacheControl = "Cache-Control"
    static let etag = "ETag"
    static let allow = "Allow"
    static let retryAfter = "Retry-After"
    static let location = "Location"
    static let contentSecurityPolicy = "Content-Security-Policy"
    static let referrerPolicy = "Referrer-Policy"
    static let contentTypeOptions = "X-Content-Type-Options"
    static let allowOrigin = "Access-Control-Allow-Origin"
    static let exposeHeaders = "Access-Control-Expose-Headers"
    static let resourcePolicy = "Cross-Origin-Resource-Policy"
    static let avatarSource = "X-Avatar-Source"
    static let avatarError = "X-Avatar-Error"
    /// API §11: the query parameters the route did not use.
    static let avatarIgnored = "X-Avatar-Ignored"
    /// API §11: the client budget as the IETF httpapi-ratelimit-headers draft spells it.
    static let rateLimitPolicy = "RateLimit-Policy"
    static let rateLimit = "RateLimit"
    /// Request headers the service reads.
    static let ifNoneMatch = "If-None-Match"
    static let ifModifiedSince = "If-Modified-Since"
    static let lastModified = "Last-Modified"
    static let robotsTag = "X-Robots-Tag"
    static let accept = "Accept"
    static let forwardedFor = "X-Forwarded-For"
    static let forwarded = "Forwarded"
}

/// `Content-Type` values, spelled once (an avatar's own is `OutputFormat.contentType`).
enum MediaType {
    static let png = OutputFormat.png.contentType
    static let plainText = "text/plain; charset=utf-8"
    /// RFC 9457 problem details (API §11).
    static let problemJSON = "application/problem+json"
    static let html = "text/html; charset=utf-8"
    /// The Prometheus text exposition format 0.0.4.
    static let prometheus = "text/plain; version=0.0.4; charset=utf-8"
}

/// `Cache-Control` values that are not configuration.
enum CacheDirective {
    static let noStore = "no-store"
    static let noCache = "no-cache"

    /// `public, max-age=N` with N the lifetime in whole seconds, rounded.
    static func maxAge(_ lifetime: Duration) -> String {
        "public, max-age=\(lifetime.roundedSeconds)"
    }
}
