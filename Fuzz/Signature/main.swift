// libFuzzer harness for the parsers of API §8 (compiled by scripts/fuzz.sh with the pure files
// of MonogramCrypto and the client-address keying, as one module named MonogramCore so that
// file's `import MonogramCore` is its own). Input: a request target, any bytes; the same bytes
// are also tried as a client address and as base64url.
//
// Invariants: nothing crashes; a split signature is 32 bytes and the signed prefix ends right
// before `?sig=` or `&sig=`; appending that signature's base64url to the prefix splits back to
// the same parts; base64url that decodes re-encodes to the same text (one spelling per value);
// an address keys deterministically, and IPv6 keys have no bits past the prefix; `exp` (API
// §11) is absent, malformed, or at most 12 digits that round-trip.

import Glibc

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let target = String(decoding: bytes, as: UTF8.self)

    if case .success(let (signedCount, signature)) = SignedTarget.split(target.utf8) {
        check(signature.count == 32, "signature of \(signature.count) bytes")
        let utf8 = Array(target.utf8)
        check(signedCount >= 0 && signedCount + 5 + 43 == utf8.count, "signed prefix of \(signedCount) bytes")
        let separator = utf8[signedCount]
        check(separator == UInt8(ascii: "?") || separator == UInt8(ascii: "&"), "prefix does not end before ?sig= or &sig=")
        let rebuilt = String(decoding: utf8[..<signedCount], as: UTF8.self) + String(decoding: [separator], as: UTF8.self)
            + "sig=" + Base64URL.encode(signature)
        if case .success(let again) = SignedTarget.split(rebuilt.utf8) {
            check(again.signedCount == signedCount && again.signature == signature, "re-signed target split differently")
        } else {
            check(false, "re-signed target does not split")
        }
    }

    // API §11's `exp`: any query parses to nothing, a value of at most 12 digits, or
    // malformed; a value found is what a signer writing `exp=` and it gives back.
    let query = Substring(target).drop { $0 != "?" }.dropFirst()
    if case .success(let exp?) = SignedExpiry.parse(query) {
        check(exp >= 0 && exp <= 999_999_999_999, "exp \(exp) out of range")
        check(SignedExpiry.parse(Substring("a=1&exp=\(exp)")) == .success(exp), "exp does not round-trip")
    }

    if let decoded = Base64URL.decode(bytes) {
        check(Array(Base64URL.encode(decoded).utf8) == bytes, "base64url with two spellings")
    }

    for prefix in [1, 48, 64, 127, 128] {
        let key = ClientAddress.key(target, ipv6Prefix: prefix)
        check(key == ClientAddress.key(target, ipv6Prefix: prefix), "keying is not deterministic")
        let isV4 = key.high == 0 && key.low >> 32 == 0xFFFF
        if !isV4, key != ClientAddress.unparsable, prefix < 128 {
            let clean = prefix < 64 ? key.low == 0 && key.high << UInt64(prefix) == 0 : key.low << UInt64(prefix - 64) == 0
            check(clean, "IPv6 key has bits past /\(prefix)")
        }
    }
    return 0
}
