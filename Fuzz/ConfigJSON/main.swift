// libFuzzer harness for the strict JSON check of configuration files (compiled by
// scripts/fuzz.sh with Sources/MonogramService/Configuration/Loading/StrictJSON.swift). Input: any
// bytes, as a configuration file.
//
// Invariants: the check never traps or recurses without bound; a problem names a line; text
// it accepts is accepted by JSONSerialization too, so the strict check only ever takes away —
// except where Foundation is stricter than RFC 8259: invalid UTF-8, \u escapes (lone
// surrogates), and numbers past a Double (`44e2222222`, found by this harness's first run and
// kept as Fuzz/corpus/config-json/huge-exponent), which the loader then reports as not valid
// JSON: still an error, never a crash.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let problem = StrictJSON.problem(in: bytes) else {
        if let text = String(validating: bytes, as: UTF8.self), !text.contains("\\u"), !hasHugeNumber(text) {
            let parsed = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            check(parsed != nil, "accepted but Foundation refuses: \(text)")
        }
        return 0
    }
    check(problem.hasPrefix("line "), "a problem without its line: \(problem)")
    return 0
}

/// An exponent, or more than 15 digits in a row: a number Foundation may refuse as out of range.
func hasHugeNumber(_ text: String) -> Bool {
    var run = 0
    var previous: UInt8 = 0
    for byte in text.utf8 {
        let digit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        if digit && (previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") || previous == UInt8(ascii: "+") || previous == UInt8(ascii: "-")) {
            return true
        }
        run = digit ? run + 1 : 0
        if run > 15 { return true }
        previous = byte
    }
    return false
}
