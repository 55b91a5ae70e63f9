public import Foundation

/// Computes the HMAC-SHA256 of a request target for `sig` (API §8). Conform your own type to
/// use CryptoKit or a key held in a keychain or KMS; `HMACSigner` is the built-in one.
public protocol URLSigning: Sendable {
    /// The 32-byte HMAC-SHA256 of `target` (UTF-8 bytes of the path and query as sent).
    func mac(for target: [UInt8]) -> [UInt8]
}

/// HMAC-SHA256 in plain Swift with a key of `security.signing_keys` (UTF-8).
public struct HMACSigner: URLSigning {
    private let key: [UInt8]

    public init(key: String) { self.key = Array(key.utf8) }
    public init(keyBytes: [UInt8]) { self.key = keyBytes }

    public func mac(for target: [UInt8]) -> [UInt8] { HMACSHA256.mac(key: key, message: target) }
}

/// A signer from a closure, e.g. `{ Array(HMAC<SHA256>.authenticationCode(for: $0, using: key)) }`.
public struct ClosureSigner: URLSigning {
    private let body: @Sendable ([UInt8]) -> [UInt8]

    public init(_ body: @escaping @Sendable ([UInt8]) -> [UInt8]) { self.body = body }

    public func mac(for target: [UInt8]) -> [UInt8] { body(target) }
}

public enum URLSignature {
    /// Signs a target (`/avatar/…`) or a full http(s) URL (its path and query are signed, as
    /// `monogram sign` does): appends `exp=` when `expires` is given (Unix seconds), then `sig=`
    /// as the last parameter. Do this on your backend: a key in an app or a page signs anything.
    public static func sign(_ url: String, with signer: any URLSigning, expires: Int? = nil) throws(MonogramClientError) -> String {
        let (prefix, rest) = split(url)
        var target = rest
        guard target.hasPrefix("/") else { throw MonogramClientError("url", "sign a target starting with / or an http(s) URL") }
        if let expires { target += (target.contains("?") ? "&" : "?") + "exp=\(expires)" }
        let mac = signer.mac(for: Array(target.utf8))
        guard mac.count == 32 else { throw MonogramClientError("signer", "must return the 32-byte HMAC-SHA256") }
        return prefix + target + (target.contains("?") ? "&" : "?") + "sig=" + base64URL(mac)
    }

    /// `sign` with an expiry given as a date (whole seconds, rounded down).
    public static func sign(_ url: String, with signer: any URLSigning, expires: Date) throws(MonogramClientError) -> String {
        try sign(url, with: signer, expires: Int(expires.timeIntervalSince1970.rounded(.down)))
    }

    /// `https://host/avatar/x?y` → (`https://host`, `/avatar/x?y`); a target is its own.
    static func split(_ url: String) -> (prefix: String, target: String) {
        for scheme in ["http://", "https://"] where url.lowercased().hasPrefix(scheme) {
            let afterScheme = url.index(url.startIndex, offsetBy: scheme.count)
            let end = url[afterScheme...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? url.endIndex
            let rest = String(url[end...])
            return (String(url[..<end]), rest.isEmpty ? "/" : rest)
        }
        return ("", url)
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }
}
