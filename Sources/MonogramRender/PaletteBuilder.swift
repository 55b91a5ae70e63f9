/// Collects the distinct RGBA colours of an image while it is converted, giving up past 256:
/// flat avatars (solid background, anti-aliased text and edges) usually fit, and an indexed
/// PNG of them is about a quarter of the data to deflate.
struct PaletteBuilder {
    /// Open-addressing table: a power of two comfortably above 256 keeps probes short.
    private static let slotCount = 1024
    private var keys = [UInt32](repeating: 0, count: slotCount)
    /// Palette index + 1 per slot; 0 marks an empty slot.
    private var slots = [UInt16](repeating: 0, count: slotCount)
    private(set) var colours: [UInt32] = []
    private(set) var overflowed = false

    init() {
        colours.reserveCapacity(256)
    }

    /// The palette index of `colour` (packed as 0xRRGGBBAA), or nil once over 256 colours.
    mutating func index(of colour: UInt32) -> UInt8? {
        if overflowed { return nil }
        var slot = Int((colour &* 0x9E37_79B1) >> 22) // Fibonacci hash onto 1024 slots
        while slots[slot] != 0 {
            if keys[slot] == colour { return UInt8(slots[slot] - 1) }
            slot = (slot + 1) & (PaletteBuilder.slotCount - 1)
        }
        guard colours.count < 256 else {
            overflowed = true
            return nil
        }
        keys[slot] = colour
        colours.append(colour)
        slots[slot] = UInt16(colours.count)
        return UInt8(colours.count - 1)
    }

    /// The palette as RGBA bytes, as `monogram_png_encode` expects.
    var bytes: [UInt8] {
        colours.flatMap { [UInt8($0 >> 24), UInt8(($0 >> 16) & 0xFF), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)] }
    }
}
