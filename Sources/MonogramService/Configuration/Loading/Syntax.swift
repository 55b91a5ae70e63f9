#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Syntax checks of configuration strings. Each returns the accepted (maybe normalised) text or
/// throws the problem in the words the user sees.
enum Syntax {
    static func notBlank(_ text: String) throws(ValueProblem) -> String {
        guard text.contains(where: { !$0.isWhitespace }) else { throw ValueProblem(message: "must not be empty") }
        return text
    }

    /// An HMAC key for signed URLs: its UTF-8 bytes are the key. Never echoed in a message,
    /// since configuration errors reach logs.
    static func signingKey(_ text: String) throws(ValueProblem) -> String {
        guard text.utf8.count >= 16 else {
            throw ValueProblem(message: "must be at least 16 bytes long (a short key can be guessed)")
        }
        return text
    }

    /// Header values travel verbatim, so a CR or LF would split the response (header injection).
    static func headerValue(_ text: String) throws(ValueProblem) -> String {
        guard text.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) || $0 == "\t" }) else {
            throw ValueProblem(message: "must be printable ASCII (it is sent as a header value)")
        }
        return text
    }

    /// A header name (RFC 9110 token) the service may write its cache tags under; not one of
    /// the headers it writes itself, which a second line would contradict.
    static func tagHeaderName(_ text: String) throws(ValueProblem) -> String {
        let tchar = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        guard (1...64).contains(text.utf8.count), text.utf8.allSatisfy({ tchar.contains($0) }) else {
            throw ValueProblem(message: #""\#(text)" is not a header name (letters, digits and -, at most 64)"#)
        }
        let taken = [
            "content-type", "content-length", "cache-control", "etag", "date", "connection", "vary", "location",
            "x-avatar-source", "x-avatar-error", "access-control-allow-origin", "access-control-expose-headers",
            "x-content-type-options", "cross-origin-resource-policy", "content-security-policy", "retry-after",
            "transfer-encoding", "server",
        ]
        guard !taken.contains(text.lowercased()) else {
            throw ValueProblem(message: #""\#(text)" is a header Monogram writes itself (Surrogate-Key, Cache-Tag or xkey)"#)
        }
        return text
    }

    /// An edge cache to purge: `http://host[:port][/path]` (PURGE travels in the clear to a
    /// cache on the same network; a CDN is purged through its own API).
    static func purgeURL(_ text: String) throws(ValueProblem) -> String {
        guard let url = EdgeURL(text) else {
            throw ValueProblem(message: #""\#(text)" is not http://host[:port][/path]"#)
        }
        return url.description
    }

    /// An address to bind: an IPv4 or IPv6 literal (no brackets) or a host name.
    static func listenHost(_ text: String) throws(ValueProblem) -> String {
        guard isIPAddress(text) || isHostName(text) else {
            throw ValueProblem(message: #""\#(text)" is not an IP address or host name"#)
        }
        return text
    }

    /// `192.0.2.7`, `2001:db8::1`, `10.0.0.0/8` or `2001:db8::/32`.
    static func ipOrCIDR(_ text: String) throws(ValueProblem) -> String {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let address = String(parts[0])
        var valid = false
        if let family = ipFamily(address) {
            if parts.count == 1 {
                valid = true
            } else if let prefix = decimal(parts[1], digits: 3) {
                valid = prefix <= (family == .v4 ? 32 : 128)
            }
        }
        guard valid else { throw ValueProblem(message: #""\#(text)" is not an IP address or CIDR range"#) }
        return text
    }

    /// `host`, `host:port`, `[ipv6]`, `[ipv6]:port` or `*.suffix`; returned lower-cased because
    /// host names compare case-insensitively.
    static func hostPattern(_ text: String) throws(ValueProblem) -> String {
        let lowered = text.lowercased()
        guard isHostPattern(lowered) else {
            throw ValueProblem(message: #""\#(text)" is not host, host:port or *.suffix"#)
        }
        return lowered
    }

    private static func isHostPattern(_ text: String) -> Bool {
        if text.hasPrefix("*.") {
            return isHostName(String(text.dropFirst(2))) && ipFamily(String(text.dropFirst(2))) == nil
        }
        var host = Substring(text)
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return false }
                port = rest.dropFirst()
            }
            host = host[host.index(after: host.startIndex)..<close]
            guard ipFamily(String(host)) == .v6 else { return false }
        } else {
            if let colon = host.firstIndex(of: ":") {
                port = host[host.index(after: colon)...]
                host = host[..<colon]
            }
            guard isHostName(String(host)) || ipFamily(String(host)) == .v4 else { return false }
        }
        if let port {
            guard let number = decimal(port, digits: 5), (1...65_535).contains(number) else { return false }
        }
        return true
    }

    /// RFC 1123 host name: dot-separated labels of letters, digits and inner hyphens, ≤ 63 bytes
    /// each and ≤ 253 in all.
    static func isHostName(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        // An all-digit last label would be a mistyped IPv4 address, never a top-level domain.
        guard labels.last?.allSatisfy({ ("0"..."9").contains($0) }) == false else { return false }
        return labels.allSatisfy { label in
            guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-" else { return false }
            return label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        }
    }

    /// Plain ASCII digits only: `Int.init` would also take a sign (`/+8`, `:-1`).
    private static func decimal(_ text: Substring, digits: Int) -> Int? {
        guard (1...digits).contains(text.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    static func isIPAddress(_ text: String) -> Bool { ipFamily(text) != nil }

    enum IPFamily { case v4, v6 }

    /// The address family of an IP literal, using the C library's own parser (`inet_pton`) so
    /// configuration accepts exactly what the socket layer will.
    static func ipFamily(_ text: String) -> IPFamily? {
        var buffer = (UInt64(0), UInt64(0))  // 16 bytes: room for an in6_addr
        return withUnsafeMutableBytes(of: &buffer) { bytes in
            if inet_pton(AF_INET, text, bytes.baseAddress) == 1 { return .v4 }
            if inet_pton(AF_INET6, text, bytes.baseAddress) == 1 { return .v6 }
            return nil
        }
    }
}
