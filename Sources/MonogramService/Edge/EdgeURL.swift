/// An edge cache to purge (`cache.purge_urls`): `http://host[:port][/path]`, host a name, an
/// IPv4 address or a bracketed IPv6 one. Plain HTTP only: PURGE goes to a cache on the same
/// network (a CDN is purged through its own API, docs/operations.md).
struct EdgeURL: Sendable, Hashable, CustomStringConvertible {
    let host: String
    let port: Int
    /// Starts with `/`; `/` when none was given.
    let path: String

    init?(_ text: String) {
        let scheme = "http://"
        guard text.utf8.count <= 2048, text.lowercased().hasPrefix(scheme) else { return nil }
        let rest = text.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let path = rest[authorityEnd...]
        guard path.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else { return nil }
        var host = authority
        var port = 80
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let after = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            guard Syntax.ipFamily(String(host)) == .v6 else { return nil }
            if !after.isEmpty {
                guard after.hasPrefix(":"), let number = EdgeURL.port(after.dropFirst()) else { return nil }
                port = number
            }
        } else {
            if let colon = host.firstIndex(of: ":") {
                guard let number = EdgeURL.port(host[host.index(after: colon)...]) else { return nil }
                port = number
                host = host[..<colon]
            }
            guard Syntax.isHostName(String(host).lowercased()) || Syntax.ipFamily(String(host)) == .v4 else { return nil }
        }
        self.host = String(host).lowercased()
        self.port = port
        self.path = path.isEmpty ? "/" : String(path)
    }

    private static func port(_ text: Substring) -> Int? {
        guard (1...5).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let number = Int(text), (1...65_535).contains(number)
        else { return nil }
        return number
    }

    /// The `Host` field's value.
    var authority: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }

    var description: String { "http://\(authority)\(path)" }
}
