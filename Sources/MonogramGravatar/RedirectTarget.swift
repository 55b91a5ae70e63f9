/// A `d=URL` default: an absolute `http(s)` URL that is safe to put in a `Location` header,
/// with the host `gravatar.redirect_hosts` is checked against.
///
/// Strict on purpose, as the redirect runs on the operator's domain: no user-info (`a@b` reads
/// as host `b` to a browser but `a` to a person), no backslash (browsers read it as `/`), no
/// control characters or spaces (header injection). Bytes above ASCII are percent-encoded.
public struct RedirectTarget: Sendable, Equatable {
    public let url: String
    /// Lower-cased host name or address literal, without the port.
    public let host: String
    public let port: Int?

    public init?(_ value: String) {
        let lower = value.lowercased()
        let schemeLength = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
        guard schemeLength > 0, value.utf8.count <= 2048 else { return nil }
        var url = ""
        for byte in value.utf8 {
            switch byte {
            case 0...0x20, 0x7F, UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"):
                return nil
            case 0x80...:
                url += "%" + String(byte, radix: 16, uppercase: true)
            default:
                url.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        let authority = lower.utf8.dropFirst(schemeLength).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { return nil }
        var hostPart = Substring(authority)
        var port: Int?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { return nil }
            let rest = hostPart[hostPart.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()), (1...65535).contains(number) else { return nil }
                port = number
            }
            hostPart = hostPart[...close]
        } else if let colon = hostPart.firstIndex(of: ":") {
            guard let number = Int(hostPart[hostPart.index(after: colon)...]), (1...65535).contains(number) else { return nil }
            port = number
            hostPart = hostPart[..<colon]
        }
        guard !hostPart.isEmpty else { return nil }
        self.url = url
        self.host = String(hostPart)
        self.port = port
    }
}
