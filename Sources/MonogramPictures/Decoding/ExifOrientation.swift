/// The EXIF orientation of a JPEG (tag 0x0112 in IFD0 of the APP1 `Exif` segment): how the
/// stored pixels must be turned to appear upright. 1 = as stored; 2…8 as in the EXIF spec
/// (6 = turn 90° clockwise, 8 = 90° counter-clockwise, 3 = 180°, the others mirrored).
/// libjpeg-turbo ignores it, and phones store most photos sideways with it set.
public enum ExifOrientation {
    /// 1…8; 1 when the JPEG has no (valid) orientation. Reads only the segment headers before
    /// the image data, bounds-checking every offset (the segment is untrusted input).
    public static func read(jpeg bytes: [UInt8]) -> Int {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return 1 }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return 1 }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            // Start of scan or end of image: no metadata after this point.
            if marker == 0xDA || marker == 0xD9 { return 1 }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return 1 }
            if marker == 0xE1, let orientation = fromApp1(bytes[(offset + 4)..<(offset + 2 + length)]) {
                return orientation
            }
            offset += 2 + length
        }
        return 1
    }

    /// The orientation in an APP1 payload, or nil when it is not EXIF or has none.
    static func fromApp1(_ segment: ArraySlice<UInt8>) -> Int? {
        let payload = Array(segment)
        guard payload.count >= 14, payload[0..<6] == [0x45, 0x78, 0x69, 0x66, 0, 0] else { return nil }
        let tiff = Array(payload[6...])
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for index in 0..<min(count, 512) {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            // SHORT (type 3), one value, stored in the first two bytes of the value field.
            if tag == 0x0112 {
                guard u16(entry + 2) == 3, let value = u16(entry + 8), (1...8).contains(value) else { return nil }
                return value
            }
        }
        return nil
    }
}
