#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An absolute `http`/`https` URL, parsed strictly so that what the allow-list checks is what
/// libcurl connects to: no user info, no IDN or percent-encoded hosts, no whitespace, no
/// backslashes (where URL parsers disagree), hosts lower-cased, default ports dropped and the
/// fragment removed. `string` is the normal form, used as the cache key.
public struct PictureURL: Sendable, Hashable, CustomStringConvertible {
    public enum Scheme: String, Sendable, Hashable {
        case http, https

        public var defaultPort: Int { self == .http ? 80 : 443 }
    }

    public let scheme: Scheme
    /// Lower-cased host name, dotted IPv4, or IPv6 without brackets.
    public let host: String
    /// The port connected to (the scheme's default when none is given).
    public let port: Int
    /// Path and query, starting with `/`.
    public let target: String

    public var isIPv6: Bool { host.contains(":") }
    public var isIPLiteral: Bool { isIPv6 || PictureURL.isIPv4(host) }
    /// The host as written in a URL or the allow-list (`[::1]` for IPv6).
    public var hostForURL: String { isIPv6 ? "[" + host + "]" : host }
    public var string: String {
        scheme.rawValue + "://" + hostForURL + (port == scheme.defaultPort ? "" : ":" + String(port)) + target
    }
    public var description: String { string }

    /// Parses `text`, or throws what is wrong with it in words for a 400.
    public static func parse(_ text: String) throws(PictureError) -> PictureURL {
        let invalid = PictureError.invalidURL
        // Printable ASCII only, no spaces and no backslash.
        guard text.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") }) else { throw invalid }
        guard let separator = text.firstRange(of: "://") else { throw invalid }
        guard let scheme = Scheme(rawValue: text[..<separator.lowerBound].lowercased()) else { throw invalid }
        var rest = text[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var target = String(rest[authorityEnd...])
        if !target.hasPrefix("/") { target = "/" + target }
        guard !authority.contains("@") else { throw .userInfo }

        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw invalid }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid }
                portText = after.dropFirst()
            }
            guard isIPv6(String(host)) else { throw invalid }
        } else {
            host = authority
            if let colon = authority.firstIndex(of: ":") {
                host = authority[..<colon]
                portText = authority[authority.index(after: colon)...]
            }
            guard isIPv4(String(host)) || isHostName(String(host)) else { throw invalid }
        }
        var port = scheme.defaultPort
        if let portText {
            guard (1...5).contains(portText.count), portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(portText), (1...65_535).contains(number)
            else { throw invalid }
            port = number
        }
        return PictureURL(scheme: scheme, host: host.lowercased(), port: port, target: target)
    }

    /// Resolves a redirect's `Location` (libcurl already made it absolute) and parses it.
    static func redirect(_ location: String) throws(PictureError) -> PictureURL {
        try parse(location)
    }

    /// RFC 1123 labels; an all-digit (or hex-looking `0x…`) last label is refused because
    /// URL parsers read such hosts as numeric IPv4 addresses (`http://2130706433/`).
    static func isHostName(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        let labels = text.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard let last = labels.last, !last.allSatisfy(\.isNumber), !last.hasPrefix("0x") else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || byte == UInt8(ascii: "-")
                }
        }
    }

    static func isIPv4(_ text: String) -> Bool { address(text, family: AF_INET) != nil }
    static func isIPv6(_ text: String) -> Bool { address(text, family: AF_INET6) != nil }

    /// The address bytes of an IP literal (network order), using the C library's strict parser.
    static func address(_ text: String, family: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(family, text, &bytes) == 1 else { return nil }
        return Array(bytes.prefix(family == AF_INET ? 4 : 16))
    }
}
