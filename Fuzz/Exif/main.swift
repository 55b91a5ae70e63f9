// libFuzzer harness for the JPEG metadata Monogram reads itself, before libjpeg-turbo
// (compiled by scripts/fuzz.sh with ExifOrientation and JPEGStructure). Input: any bytes, as a
// JPEG file, and as an APP1 payload.
//
// Invariants: never crashes; orientation is 1…8; scan counts are consistent (scans ≤ bytes,
// scanComponents ≤ 255 × scans); `work` never overflows (saturates); deterministic.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // As a whole file, and as the body after a JPEG start, so short inputs reach the markers.
    for file in [bytes, [0xFF, 0xD8] + bytes] {
        let orientation = ExifOrientation.read(jpeg: file)
        check((1...8).contains(orientation), "orientation \(orientation)")
        if let structure = JPEGStructure.read(file) {
            check(structure.scans <= file.count, "more scans than bytes")
            check(structure.scanComponents <= 255 * structure.scans, "scan components inconsistent")
            check(structure.work >= 0 && structure.coefficientBytes >= 0, "negative work")
            check(JPEGStructure.read(file) == structure, "not deterministic")
        }
    }
    if let orientation = ExifOrientation.fromApp1(bytes[...]) {
        check((1...8).contains(orientation), "APP1 orientation \(orientation)")
    }
    return 0
}
