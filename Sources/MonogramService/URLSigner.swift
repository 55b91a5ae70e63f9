public import MonogramCrypto

/// Signed URLs (API §8): `sig` is the last query parameter, the unpadded base64url of
/// HMAC-SHA256(key, the request target as sent up to the `?sig=` or `&sig=` that starts it).
///
/// Any key verifies, so keys can be rotated (add the new key, move signers to it, drop the
/// old); the first key signs.
public struct URLSigner: Sendable {
    /// Why a request's signature was refused; `reason` is the 403's one line.
    public enum Refusal: Error, Sendable, Equatable {
        case missing
        case malformed
        case mismatch

        public var reason: String {
            switch self {
            case .missing: "signature required: end the query with sig= (see monogram sign)"
            case .malformed: "sig must be 43 base64url characters (an HMAC-SHA256)"
            case .mismatch: "signature does not match this URL"
            }
        }
    }

    /// An HMAC-SHA256 is 32 bytes: 43 characters of unpadded base64url.
    static let signatureCharacters = 43
    private let keys: [[UInt8]]

    public init(keys: [String]) {
        self.keys = keys.map { Array($0.utf8) }
    }

    public var isEmpty: Bool { keys.isEmpty }

    /// `target` with `sig` appended (`?sig=` or `&sig=`), signed with the first key.
    public func sign(_ target: String) throws(SigningError) -> String {
        guard let key = keys.first else { throw .noKey }
        let separator = target.utf8.contains(UInt8(ascii: "?")) ? "&" : "?"
        do throws(CryptoError) {
            let mac = try Digest.hmacSHA256(key: key, data: target.utf8)
            return target + separator + "sig=" + Base64URL.encode(mac)
        } catch {
            throw .library(error)
        }
    }

    public enum SigningError: Error, Sendable, CustomStringConvertible {
        case noKey
        case library(CryptoError)

        public var description: String {
            switch self {
            case .noKey: "no signing key: set security.signing_keys"
            case .library(let error): error.description
            }
        }
    }

    /// Checks the signature at the end of `target`. On success, the number of UTF-8 bytes the
    /// signature takes at the end of the target, counting its `?` or `&`, so the caller can
    /// parse the query without it.
    public func verify(_ target: String) -> Result<Int, Refusal> {
        let bytes = target.utf8
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return .failure(.missing) }
        // The last parameter starts after the last `&` of the query, else right after `?`.
        let query = bytes[bytes.index(after: question)...]
        let separator = query.lastIndex(of: UInt8(ascii: "&")) ?? question
        let parameter = bytes[bytes.index(after: separator)...]
        guard parameter.starts(with: "sig=".utf8) else { return .failure(.missing) }
        let value = parameter.dropFirst(4)
        guard value.count == URLSigner.signatureCharacters, let given = Base64URL.decode(value), given.count == 32 else {
            return .failure(.malformed)
        }
        let signed = bytes[..<separator]
        var matched = false
        // Every key is tried, whichever matches, so timing says nothing about which one did.
        for key in keys {
            guard let expected = try? Digest.hmacSHA256(key: key, data: signed) else { continue }
            if Digest.equalInConstantTime(expected, given) { matched = true }
        }
        return matched ? .success(bytes.distance(from: separator, to: bytes.endIndex)) : .failure(.mismatch)
    }
}
