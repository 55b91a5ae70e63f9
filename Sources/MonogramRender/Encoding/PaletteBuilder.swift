/// Collects the distinct RGBA colours of an image while it is converted, giving up past 256:
/// flat avatars (solid background, anti-aliased text) usually fit, and an indexed PNG of them
/// is a quarter of the data to deflate. Works on raw memory because it runs once per pixel.
package struct PaletteBuilder: ~Copyable {
    /// Open-addressing table: a power of two comfortably above 256 keeps probes short.
    private static let slotCount = 1024
    private let keys: UnsafeMutablePointer<UInt32>
    /// Palette index + 1 per slot; 0 marks an empty slot.
    private let slots: UnsafeMutablePointer<UInt16>
    private let storage: UnsafeMutablePointer<UInt32>
    private(set) var count = 0
    private(set) var overflowed = false

    package init() {
        keys = .allocate(capacity: PaletteBuilder.slotCount)
        slots = .allocate(capacity: PaletteBuilder.slotCount)
        slots.initialize(repeating: 0, count: PaletteBuilder.slotCount)
        storage = .allocate(capacity: 256)
    }

    deinit {
        keys.deallocate()
        slots.deallocate()
        storage.deallocate()
    }

    /// The palette index of `colour` (packed as 0xRRGGBBAA), or nil once over 256 colours.
    @inline(__always)
    package mutating func index(of colour: UInt32) -> UInt8? {
        if overflowed { return nil }
        var slot = Int((colour &* 0x9E37_79B1) >> 22) // Fibonacci hash onto 1024 slots
        while slots[slot] != 0 {
            if keys[slot] == colour { return UInt8(truncatingIfNeeded: slots[slot] - 1) }
            slot = (slot + 1) & (PaletteBuilder.slotCount - 1)
        }
        guard count < 256 else {
            overflowed = true
            return nil
        }
        keys[slot] = colour
        storage[count] = colour
        count += 1
        slots[slot] = UInt16(count)
        return UInt8(count - 1)
    }

    /// The colour (0xRRGGBBAA) at `index`, which must be below `count`.
    @inline(__always)
    func colour(at index: Int) -> UInt32 {
        precondition(index < count, "palette index out of range")
        return storage[index]
    }

    /// The colours so far (0xRRGGBBAA), in index order; valid while `self` lives.
    var colours: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: storage, count: count) }

    /// The palette as RGBA bytes, as `monogram_png_encode` expects.
    package var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 4)
        for i in 0..<count {
            let c = storage[i]
            bytes += [UInt8(c >> 24), UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF), UInt8(c & 0xFF)]
        }
        return bytes
    }
}
