// libFuzzer harness for our own PNG writer (PNGWriter + RunDeflate + HuffmanCode, the palette
// and sub-byte packing) and the lossless WebP encoder (compiled by scripts/fuzz.sh with those
// MonogramRender files, Sources/CEncoders and Tests/Support/CTestCodecs built with the same
// sanitizers, MonogramRenderTestSupport's decoders and reference encoder, and the two shared
// test files that build and check the images). Input: any bytes, read by `StructuredImage` as
// the geometry, a palette and painting operations (runs, row repeats, diagonals, mirrored
// rows, far back-references, alpha ramps, noise), so mutations move through the shapes the
// encoder specialises for instead of mostly noise.
//
// Invariants (EncoderRoundTrip.failure): every encoding — indexed/sub-byte or RGBA PNG as the
// writer picks, PNG forced to RGBA, the libpng encoder it replaced, and lossless WebP — passes
// the strict structure checks (CRCs, chunk order, one zlib stream inflating to exactly the
// scanlines, adler32) and decodes with libpng / libwebp to exactly the straight pixels cairo's
// premultiplied ones stand for; both PNGs of our writer are byte for byte those of the frozen
// encoder of main 14a329a (ReferencePNG: no pixel changed, no PNG grew). Never crashes or
// traps (ASan, Swift's checks in -O), whatever the scratch memory reused from earlier inputs.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let image = StructuredImage(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    if let failure = EncoderRoundTrip.failure(image) { check(false, failure) }
    return 0
}
