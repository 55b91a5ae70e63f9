/// A small direct-mapped cache from premultiplied pixels to what they convert to, for the
/// colours an image repeats apart from runs (anti-aliased edges). Every slot starts holding
/// the first pixel's own value, so there is no empty state to tell apart. One per conversion.
struct PixelCache: ~Copyable {
    private static let slots = 256
    private let entries = UnsafeMutablePointer<UInt64>.allocate(capacity: PixelCache.slots)

    init(_ pixel: UInt32, _ value: UInt32) {
        entries.initialize(repeating: UInt64(pixel) << 32 | UInt64(value), count: PixelCache.slots)
    }

    deinit { entries.deallocate() }

    @inline(__always)
    private static func slot(_ pixel: UInt32) -> Int { Int(truncatingIfNeeded: (pixel &* 0x9E37_79B1) &>> 24) }

    @inline(__always)
    func value(for pixel: UInt32) -> UInt32? {
        let entry = entries[PixelCache.slot(pixel)]
        return UInt32(truncatingIfNeeded: entry &>> 32) == pixel ? UInt32(truncatingIfNeeded: entry) : nil
    }

    @inline(__always)
    func store(_ value: UInt32, for pixel: UInt32) { entries[PixelCache.slot(pixel)] = UInt64(pixel) << 32 | UInt64(value) }
}
