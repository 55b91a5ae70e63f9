// libFuzzer harness for `Initials.compute` (compiled by scripts/fuzz.sh with all of
// MonogramCore). Input: byte 0 picks length (1...3) and upper-casing; the rest is the name,
// any bytes (invalid UTF-8 becomes U+FFFD, as the path decoder would refuse it but the
// function must not care). Also feeds the name through `PathSegment.decodeName` as raw path
// bytes, which must either throw or give a string within its byte bound.
//
// Invariants: at most `length` clusters (3 at most); never a cluster that is only combining
// marks or joiners; never control characters or whitespace; deterministic; a phone number
// gives the placeholder; the ASCII fast path classifies every ASCII cluster as the general
// rules do.

import Foundation

func isLoneMark(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { scalar in
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return scalar.value == 0x200D
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let length = Int(data[0] % 3) + 1
    let uppercase = data[0] & 0x80 != 0
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let name = String(decoding: bytes, as: UTF8.self)

    let initials = Initials.compute(from: name, length: length, uppercase: uppercase)
    check(initials.count <= length, "\(initials.count) clusters for length \(length)")
    for character in initials {
        check(!isLoneMark(character), "lone combining mark or joiner in \(initials.unicodeScalars.map { $0.value })")
        check(!character.isWhitespace, "whitespace initial")
        check(!character.unicodeScalars.contains { $0.properties.generalCategory == .control }, "control character")
    }
    check(Initials.compute(from: name, length: length, uppercase: uppercase) == initials, "not deterministic")
    if Initials.isPhoneNumber(name) { check(initials.isEmpty, "phone number gave \(initials.debugDescription)") }
    for character in name where character.asciiValue != nil {
        check(Initials.kind(of: character) == Initials.generalKind(of: character), "ASCII fast path disagrees")
    }

    if let decoded = try? PathSegment.decodeName(Substring(String(decoding: bytes.map { $0 == 0x2F ? 0x5F : $0 }, as: UTF8.self))) {
        check(decoded.utf8.count <= 256, "decoded name over 256 bytes")
        _ = Initials.compute(from: decoded, length: length, uppercase: uppercase)
    }
    return 0
}

