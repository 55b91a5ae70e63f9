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
        /// `exp` (API §11) is not 1 to 12 digits, or given twice.
        case malformedExpiry
        /// `exp` has passed: the reason is the one word API §11 names.
        case expired

        public var reason: String {
            switch self {
            case .malformedExpiry: "exp must be Unix seconds (1 to 12 digits), given once"
            case .expired: "expired"
            case .missing: "signature required: end the query with sig= (see monogram sign)"
            case .malformed: "sig must be 43 base64url characters (an HMAC-SHA256)"
            case .mismatch: "signature does not match this URL"
            }
        }
    }

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
        let signedCount: Int
        let given: [UInt8]
        switch SignedTarget.split(bytes) {
        case .failure(.missing): return .failure(.missing)
        case .failure(.malformed): return .failure(.malformed)
        case .success(let split): (signedCount, given) = split
        }
        let signed = bytes.prefix(signedCount)
        var matched = false
        // Every key is tried, whichever matches, so timing says nothing about which one did.
        for key in keys {
            guard let expected = try? Digest.hmacSHA256(key: key, data: signed) else { continue }
            if Digest.equalInConstantTime(expected, given) { matched = true }
        }
        return matched ? .success(bytes.count - signedCount) : .failure(.mismatch)
    }
}
