private import CCrypto

/// Hashes and MACs from the system's OpenSSL libcrypto (through `CCrypto`): the only place
/// Monogram computes them, so no Swift code re-implements a primitive.
public enum Digest {
    /// HMAC-SHA256 (RFC 2104, FIPS 180-4) of `data` under `key`: 32 bytes.
    public static func hmacSHA256(key: [UInt8], data: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(MONOGRAM_SHA256_BYTES))
        let ok = key.withUnsafeBufferPointer { keyBytes in
            withContiguousBytes(data) { dataBytes in
                out.withUnsafeMutableBufferPointer { result in
                    monogram_hmac_sha256(keyBytes.baseAddress, keyBytes.count, dataBytes.baseAddress, dataBytes.count, result.baseAddress)
                }
            }
        }
        try check(ok, "HMAC-SHA256")
        return out
    }

    /// SHA-256 (FIPS 180-4) of `data`: 32 bytes.
    public static func sha256(_ data: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        try digest(data, bytes: Int(MONOGRAM_SHA256_BYTES), "SHA-256", monogram_sha256)
    }

    /// MD5 (RFC 1321) of `data`: 16 bytes. Broken as a security hash; here only because
    /// Gravatar-style URLs name e-mail addresses by it.
    public static func md5(_ data: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        try digest(data, bytes: Int(MONOGRAM_MD5_BYTES), "MD5", monogram_md5)
    }

    /// A one-shot digest of `bytes` bytes through one of CCrypto's `(data, length, out)` calls.
    private static func digest(
        _ data: some Collection<UInt8>, bytes: Int, _ name: String,
        _ function: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> Int32
    ) throws(CryptoError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bytes)
        let ok = withContiguousBytes(data) { input in
            out.withUnsafeMutableBufferPointer { function(input.baseAddress, input.count, $0.baseAddress) }
        }
        try check(ok, name)
        return out
    }

    /// Whether `a` and `b` are equal, comparing every byte whatever the first difference (a
    /// signature check must not tell an attacker how many leading bytes were right). Lengths
    /// are not secret: unequal lengths are unequal at once.
    public static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { left in
            b.withUnsafeBufferPointer { right in
                monogram_equal_constant_time(left.baseAddress, right.baseAddress, left.count) == 1
            }
        }
    }

    /// Lower-case hexadecimal, as Gravatar hashes and test vectors are written.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The one place a libcrypto status becomes a Swift error.
    private static func check(_ status: Int32, _ function: String) throws(CryptoError) {
        guard status == 1 else { throw CryptoError(function: function) }
    }

    /// Contiguous bytes of any collection: a copy only when it has no contiguous storage.
    private static func withContiguousBytes<R>(_ data: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = data.withContiguousStorageIfAvailable(body) { return result }
        return Array(data).withUnsafeBufferPointer(body)
    }
}

/// libcrypto reported a failure (in practice only out of memory): callers answer 500.
public struct CryptoError: Error, Sendable, CustomStringConvertible {
    public let function: String
    public var description: String { "libcrypto \(function) failed" }
}
