/// The hosts pictures may come from (`pictures.allowed_hosts`): `host`, `host:port`,
/// `[ipv6]`, `[ipv6]:port` or `*.suffix`. An entry without a port allows only the scheme's
/// default port (80 or 443), so listing a host does not open its other services. `*.suffix`
/// allows every subdomain of suffix, but not suffix itself.
public struct AllowList: Sendable, Hashable {
    struct Entry: Sendable, Hashable {
        /// The exact host, or the suffix (with its leading dot) for `*.suffix`.
        var host: String
        var wildcard: Bool
        var port: Int?
    }

    /// How a URL was allowed.
    public struct Match: Sendable, Hashable {
        /// The entry is the URL's own IP literal: the operator named this address, so it may be
        /// private or loopback. Otherwise only public addresses are connected to.
        public var namesAddress: Bool
    }

    let entries: [Entry]

    /// `patterns` as the configuration validated them; malformed ones are skipped.
    public init(patterns: [String]) {
        entries = patterns.compactMap(AllowList.entry)
    }

    public var isEmpty: Bool { entries.isEmpty }

    public func match(_ url: PictureURL) -> Match? {
        for entry in entries {
            if let port = entry.port {
                guard port == url.port else { continue }
            } else {
                guard url.port == url.scheme.defaultPort else { continue }
            }
            if entry.wildcard {
                if !url.isIPLiteral, url.host.hasSuffix(entry.host) { return Match(namesAddress: false) }
            } else if entry.host == url.host {
                return Match(namesAddress: url.isIPLiteral)
            }
        }
        return nil
    }

    static func entry(_ pattern: String) -> Entry? {
        let text = pattern.lowercased()
        if text.hasPrefix("*.") { return Entry(host: String(text.dropFirst()), wildcard: true, port: nil) }
        var host = Substring(text)
        var port: Int?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") { port = Int(after.dropFirst()) }
            host = host[host.index(after: host.startIndex)..<close]
            // The same spelling PictureURL produces (inet_pton + canonical form is overkill:
            // configuration and URLs are both lower-cased and compared as written).
        } else if let colon = host.firstIndex(of: ":") {
            port = Int(host[host.index(after: colon)...])
            host = host[..<colon]
        }
        guard !host.isEmpty else { return nil }
        return Entry(host: String(host), wildcard: false, port: port)
    }
}
