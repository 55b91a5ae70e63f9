/// Least-significant-bit-first output (DEFLATE's bit order) into memory sized beforehand,
/// four bytes at a time; past the end it only records that it overflowed.
struct BitWriter {
    let out: UnsafeMutablePointer<UInt8>
    let capacity: Int
    private(set) var position = 0
    private(set) var overflowed = false
    private var accumulator: UInt64 = 0
    /// Bits in `accumulator`, under 32 between calls.
    private var pending = 0

    init(out: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.out = out
        self.capacity = capacity
    }

    /// Appends the low `count` (0…32) bits of `value`.
    @inline(__always)
    mutating func put(_ value: UInt64, _ count: Int) {
        putExact(value & ((1 &<< count) &- 1), count & 63)
    }

    /// Appends `count` (0…32) bits; `value` has no bits above them.
    @inline(__always)
    mutating func putExact(_ value: UInt64, _ count: Int) {
        accumulator |= value &<< pending
        pending &+= count
        if pending >= 32 {
            if position <= capacity - 4 {
                UnsafeMutableRawPointer(out + position).storeBytes(of: UInt32(truncatingIfNeeded: accumulator).littleEndian, as: UInt32.self)
            } else {
                overflowed = true
            }
            position &+= 4
            accumulator &>>= 32
            pending &-= 32
        }
    }

    /// Zero bits up to the next byte boundary.
    mutating func alignToByte() {
        if pending & 7 != 0 { putExact(0, 8 - pending & 7) }
    }

    /// Writes the whole bytes still pending (call after `alignToByte`).
    mutating func finish() {
        while pending >= 8 {
            if position < capacity { out[position] = UInt8(truncatingIfNeeded: accumulator) } else { overflowed = true }
            position += 1
            accumulator >>= 8
            pending -= 8
        }
    }
}
