// libFuzzer harness for the PNG, JPEG and WebP decoders through Monogram's own decoder API
// and its limits (compiled by scripts/fuzz.sh with the decoding files of MonogramPictures,
// PictureBitmap, and Sources/CPictures built with the same sanitizers). Input: any bytes as a
// fetched picture; the first byte picks the target side.
//
// Invariants: never crashes, leaks or hangs (libFuzzer's -timeout, -rss_limit_mb); a header
// that passes the limits has 1…maxPixels pixels and a memory cost ≥ its output; a decoded
// bitmap is square, ≤ the source's square side, at least the target when the source allows,
// and has side² pixels; the limits are checked before decoding (a refused header never
// decodes).

let decoder = PictureDecoder(maxPixels: 4_000_000, maxJPEGWork: 200_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 1 else { return 0 }
    let target = Int(data[0]) + 1
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    // Prefixes that make short inputs reach each codec (the mutator rarely spells them).
    for candidate in [bytes, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bytes, [0xFF, 0xD8, 0xFF] + bytes] {
        guard let header = try? decoder.header(of: candidate) else {
            check((try? decoder.decode(candidate, targetSide: target)) == nil, "refused header decoded")
            continue
        }
        check(header.width * header.height <= decoder.maxPixels && header.width > 0 && header.height > 0, "limits not applied")
        let cost = header.memoryCost(targetSide: target)
        check(cost >= 4, "memory cost \(cost)")
        guard let bitmap = try? decoder.decode(candidate, header: header, targetSide: target) else { continue }
        check(bitmap.pixels.count == bitmap.side * bitmap.side, "bitmap not square")
        check(bitmap.side <= header.squareSide, "bitmap larger than the source")
        check(bitmap.side >= min(target, header.squareSide), "bitmap smaller than the target")
        check(bitmap.byteCount <= cost, "decode used more than its price")
    }
    return 0
}
