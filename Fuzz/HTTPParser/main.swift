// libFuzzer harness for `HTTPParser` (compiled by scripts/fuzz.sh together with the parser's
// source files, so internal API is visible). Small limits make every limit reachable by short
// inputs.
//
// Input: byte 0 picks the chunk size the bytes are fed in (1...64, 0 = all at once); the rest
// is what a client sends. Invariants checked on every input:
// * the method is the request line's first token as sent;
// * no head whose target exceeds `maxTargetBytes` or whose field count exceeds `maxHeaderFields`;
// * after draining `next()`, the parser keeps at most `maxHeadBytes` + one chunk + chunked
//   framing slack: memory per connection is bounded whatever arrives;
// * once it throws, it throws the same error for ever;
// * feeding in chunks gives the same heads, and fails if and only if feeding everything at
//   once fails;
// * the same bytes as an HTTP-date (`If-Modified-Since`) parse to nothing or to an instant
//   whose IMF-fixdate parses back to it.

import Glibc

let limits = HTTPParserLimits(maxTargetBytes: 64, maxHeadBytes: 256, maxHeaderFields: 8, maxBodyBytes: 512)

struct Outcome: Equatable {
    var heads: [String] = []
    var error: HTTPParserError?
}

func run(_ bytes: UnsafeBufferPointer<UInt8>, chunk: Int) -> Outcome {
    var parser = HTTPParser(limits: limits)
    var outcome = Outcome()
    var offset = 0
    let step = chunk == 0 ? max(bytes.count, 1) : chunk
    while offset < bytes.count {
        let end = min(offset + step, bytes.count)
        parser.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[offset..<end])))
        offset = end
        do {
            while let head = try parser.next() {
                check(head.target.utf8.count <= limits.maxTargetBytes, "target over the limit")
                check(head.fields.count <= limits.maxHeaderFields, "too many fields")
                check(head.version == .http1_0 || head.version == .http1_1, "bad version let through")
                // The method is the request line's first token exactly as sent, named or not.
                check(Array(head.method.name.utf8) == Array(head.raw.utf8.prefix { $0 != 0x20 }), "method is not the token sent")
                _ = head.header("host")
                outcome.heads.append("\(head.method) \(head.target) \(head.version) \(head.keepAlive) \(head.fields.count)")
            }
        } catch {
            do {
                _ = try parser.next()
                check(false, "parser recovered after an error")
            } catch let again {
                check(again == error, "parser changed its error")
            }
            outcome.error = error
            return outcome
        }
        check(parser.bufferedByteCount <= limits.maxHeadBytes + step + 64, "buffer grew past its bound: \(parser.bufferedByteCount)")
    }
    return outcome
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let chunk = Int(data[0]) % 65
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    // `If-Modified-Since` (API §11): any bytes are a date or nil; a date found formats back to
    // itself (one instant, one IMF-fixdate).
    if let seconds = HTTPDateText.seconds(String(decoding: bytes, as: UTF8.self)) {
        check(HTTPDateText.seconds(HTTPDateText.imfFixdate(seconds)) == seconds, "HTTP-date round trip")
    }
    let whole = run(bytes, chunk: 0)
    let pieces = run(bytes, chunk: chunk)
    // Which error wins may depend on what had arrived when a limit was crossed (a long bad
    // method is 431 in pieces, 400 at once); the heads and whether it fails may not.
    check(whole.heads == pieces.heads && (whole.error == nil) == (pieces.error == nil), "chunked feeding changed the result: \(whole) vs \(pieces)")
    if let a = whole.error?.status.code, let b = pieces.error?.status.code, a != b {
        check([414, 431, 413].contains(a) || [414, 431, 413].contains(b), "errors differ without a limit: \(a) vs \(b)")
    }
    return 0
}

