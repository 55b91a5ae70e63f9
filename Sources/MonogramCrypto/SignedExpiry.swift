/// The `exp` of a signed request target (API §11): Unix seconds after which the signature no
/// longer holds. It is an ordinary query parameter, so the signature (which covers every byte
/// before `sig`) covers it. Reads bytes from strangers: no trapping operation.
public enum SignedExpiry {
    public enum Problem: Error, Sendable, Equatable {
        /// `exp` is not 1 to 12 ASCII digits, or is given twice.
        case malformed
    }

    /// Most digits `exp` may have: Unix seconds until the year 33658, and no overflow.
    static let maxDigits = 12

    /// The `exp` of `query` (the part after `?`, without `sig`), nil when there is none. The
    /// name is matched as sent (`exp`, what every signer writes).
    public static func parse(_ query: Substring) -> Result<Int?, Problem> {
        var found: Int?
        for piece in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            guard piece.starts(with: "exp=".utf8) || piece.elementsEqual("exp".utf8) else { continue }
            let value = piece.dropFirst(4)
            guard found == nil, (1...maxDigits).contains(value.count),
                  value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return .failure(.malformed) }
            found = value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        return .success(found)
    }
}
