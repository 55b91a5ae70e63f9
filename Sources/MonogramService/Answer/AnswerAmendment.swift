import MonogramHTTP

/// What one request changes in the answer it gets, whoever made that answer (a hit, a render it
/// started, or one it joined): the cache holds one response per answer, and these lines depend
/// on the request (API §11).
struct AnswerAmendment: Sendable {
    /// Header fields to set: `X-Avatar-Ignored`, `RateLimit-Policy`, `RateLimit`.
    var fields: [(name: String, value: String)] = []
    /// A signed target's `exp` (Unix seconds): `Cache-Control`'s max-age never reaches past it.
    var expires: Int? = nil
    var clock: WallClock = .system

    /// Whether the answer depends only on the canonical request. Only such requests may be
    /// remembered by their raw target (the hit path serves a remembered target as stored,
    /// without parsing it again).
    var isEmpty: Bool { fields.isEmpty && expires == nil }

    func apply(to response: HTTPResponse) -> HTTPResponse {
        guard !isEmpty else { return response }
        var set = fields
        if let expires, let value = response.headerValue(HeaderName.cacheControl) {
            let clipped = CacheDirective.clip(value, toSeconds: max(0, expires - clock.seconds()))
            if clipped != value { set.append((HeaderName.cacheControl, clipped)) }
        }
        return response.amended(setting: set)
    }
}

extension CacheDirective {
    /// `value` with `max-age` and `s-maxage` lowered to at most `seconds`; a cacheable value
    /// without `max-age` gets one. `no-store` and values that are not lists of directives are
    /// kept as they are (nothing to clip).
    static func clip(_ value: String, toSeconds seconds: Int) -> String {
        var directives = value.split(separator: ",").map { String($0.trimmingSpaces) }
        guard !directives.contains(where: { $0.lowercased() == noStore }) else { return value }
        var sawMaxAge = false
        for index in directives.indices {
            let parts = directives[index].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let name = parts[0].lowercased()
            guard name == "max-age" || name == "s-maxage" else { continue }
            if name == "max-age" { sawMaxAge = true }
            let digits = parts[1].utf8
            let given = digits.count <= 12 && !digits.isEmpty && digits.allSatisfy { (48...57).contains($0) }
                ? digits.reduce(0) { $0 * 10 + Int($1 - 48) } : 0
            directives[index] = "\(parts[0])=\(min(given, seconds))"
        }
        if !sawMaxAge { directives.append("max-age=\(seconds)") }
        return directives.joined(separator: ", ")
    }
}
