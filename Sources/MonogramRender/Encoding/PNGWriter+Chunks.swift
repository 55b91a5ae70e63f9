internal import CEncoders

extension PNGWriter {
    /// Signature, IHDR, and for palette images PLTE and tRNS.
    struct Head {
        let width: Int
        let height: Int
        let depth: Int
        /// 0xRRGGBBAA per entry, nil for RGBA.
        let palette: UnsafeBufferPointer<UInt32>?
        let alphaCount: Int

        func write(to out: inout ChunkWriter) {
            out.bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            out.chunk("IHDR", length: 13) { body in
                body.u32(UInt32(truncatingIfNeeded: width))
                body.u32(UInt32(truncatingIfNeeded: height))
                body.bytes([UInt8(truncatingIfNeeded: depth), palette != nil ? 3 : 6, 0, 0, 0]) // colour type palette / RGBA
            }
            guard let palette else { return }
            out.chunk("PLTE", length: 3 * palette.count) { body in
                for c in palette {
                    body.byte(UInt8(truncatingIfNeeded: c >> 24))
                    body.byte(UInt8(truncatingIfNeeded: c >> 16))
                    body.byte(UInt8(truncatingIfNeeded: c >> 8))
                }
            }
            if alphaCount > 0 {
                out.chunk("tRNS", length: alphaCount) { body in
                    for c in palette.prefix(alphaCount) { body.byte(UInt8(truncatingIfNeeded: c)) }
                }
            }
        }
    }
}

/// Appends big-endian PNG fields and CRC'd chunks to memory sized beforehand.
struct ChunkWriter {
    private(set) var position: UnsafeMutablePointer<UInt8>

    init(base: UnsafeMutablePointer<UInt8>) { position = base }

    mutating func byte(_ value: UInt8) {
        position.pointee = value
        position += 1
    }

    mutating func bytes(_ values: [UInt8]) {
        for value in values { byte(value) }
    }

    mutating func u32(_ value: UInt32) {
        byte(UInt8(value >> 24))
        byte(UInt8(truncatingIfNeeded: value >> 16))
        byte(UInt8(truncatingIfNeeded: value >> 8))
        byte(UInt8(truncatingIfNeeded: value))
    }

    /// Moves past `count` bytes already written in place (the IDAT's compressed data).
    mutating func skip(_ count: Int) { position += count }

    /// Length, type, the body `fill` writes (exactly `length` bytes), and the CRC of type + body.
    mutating func chunk(_ type: StaticString, length: Int, _ fill: (inout ChunkWriter) -> Void) {
        u32(UInt32(length))
        let typeStart = position
        type.withUTF8Buffer { name in
            for character in name { byte(character) }
        }
        fill(&self)
        let crc = libdeflate_crc32(0, typeStart, position - typeStart)
        u32(crc)
    }
}
