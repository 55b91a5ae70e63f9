/// Where the signature of a request target is (API §8): `sig` must be the last query
/// parameter, and everything before its `?` or `&` is what was signed. Reads bytes from
/// strangers, so it has no trapping operation (libFuzzer target `signature`).
public enum SignedTarget {
    public enum Problem: Error, Sendable, Equatable {
        /// No query, or its last parameter is not `sig=`.
        case missing
        /// `sig=` is there but is not 43 characters of canonical unpadded base64url.
        case malformed
    }

    /// An HMAC-SHA256 is 32 bytes: 43 characters of unpadded base64url.
    public static let signatureCharacters = 43

    /// The number of leading bytes that were signed and the 32 signature bytes.
    public static func split(_ target: String.UTF8View) -> Result<(signedCount: Int, signature: [UInt8]), Problem> {
        guard let question = target.firstIndex(of: UInt8(ascii: "?")) else { return .failure(.missing) }
        // The last parameter starts after the last `&` of the query, else right after `?`.
        let query = target[target.index(after: question)...]
        let separator = query.lastIndex(of: UInt8(ascii: "&")) ?? question
        let parameter = target[target.index(after: separator)...]
        guard parameter.starts(with: "sig=".utf8) else { return .failure(.missing) }
        let value = parameter.dropFirst(4)
        guard value.count == signatureCharacters, let signature = Base64URL.decode(value), signature.count == 32 else {
            return .failure(.malformed)
        }
        return .success((target.distance(from: target.startIndex, to: separator), signature))
    }
}
