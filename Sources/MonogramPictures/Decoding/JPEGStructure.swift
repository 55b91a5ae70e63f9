/// What a JPEG's markers say about the work of decoding it, read before libjpeg-turbo sees the
/// bytes: the frame size, whether it is progressive, and the scans. A progressive decoder
/// visits every block of each component in a scan once per scan, so the CPU a JPEG costs is
/// about Σ over scans of (components in the scan × pixels): a legal 440 KB file with one scan
/// per AC band and bit level (2,647 scans) cost 16 s (issue 11). libjpeg-turbo 2.1 only offers a
/// fixed 500-scan limit, so the product is bounded here (`pictures.max_jpeg_work`).
///
/// The bytes are untrusted: every read goes through `byte(at:)`, which is nil past the end.
public struct JPEGStructure: Sendable, Hashable {
    public var width = 0
    public var height = 0
    public var components = 0
    public var progressive = false
    /// Σ over components of horizontal × vertical sampling factors, and the largest factors:
    /// component-samples per pixel are `sampling / (maxH × maxV)` (3 for 4:4:4, 1.5 for 4:2:0).
    public var sampling = 0
    public var maxH = 1
    public var maxV = 1
    /// Start-of-scan markers seen.
    public var scans = 0
    /// Σ over scans of the components each one codes.
    public var scanComponents = 0

    /// Component-pixels visited by the entropy decoder: scanComponents × width × height, an
    /// upper bound for subsampled components. Saturates instead of overflowing.
    public var work: Int {
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (product, o2) = pixels.multipliedReportingOverflow(by: scanComponents)
        return o1 || o2 ? .max : product
    }

    /// Bytes of DCT coefficients a progressive decode keeps for the whole image: 64 two-byte
    /// coefficients per 8×8 block of each component.
    public var coefficientBytes: Int {
        let samples = width * height * max(1, sampling) / max(1, maxH * maxV)
        return samples * 2
    }

    /// nil when the bytes do not start like a JPEG or end before a frame header.
    public static func read(_ bytes: [UInt8]) -> JPEGStructure? {
        func byte(at index: Int) -> Int? { index >= 0 && index < bytes.count ? Int(bytes[index]) : nil }
        func u16(at index: Int) -> Int? {
            guard let high = byte(at: index), let low = byte(at: index + 1) else { return nil }
            return high << 8 | low
        }
        guard byte(at: 0) == 0xFF, byte(at: 1) == 0xD8 else { return nil }
        var result = JPEGStructure()
        var sawFrame = false
        var offset = 2
        while let lead = byte(at: offset) {
            guard lead == 0xFF else { offset += 1; continue }  // stray byte: skip, as libjpeg does
            guard let marker = byte(at: offset + 1) else { break }
            switch marker {
            case 0xFF:
                offset += 1  // fill byte
                continue
            case 0x00, 0x01, 0xD0...0xD7:
                offset += 2  // no length
                continue
            case 0xD9:
                return sawFrame ? result : nil
            default:
                break
            }
            guard let length = u16(at: offset + 2), length >= 2 else { break }
            let body = offset + 4
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                guard let height = u16(at: body + 1), let width = u16(at: body + 3), let count = byte(at: body + 5) else { break }
                result.height = height
                result.width = width
                result.components = count
                result.progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                result.sampling = 0
                for index in 0..<min(count, 4) {
                    guard let factors = byte(at: body + 7 + index * 3) else { break }
                    let h = max(1, factors >> 4), v = max(1, factors & 0x0F)
                    result.sampling += h * v
                    result.maxH = max(result.maxH, h)
                    result.maxV = max(result.maxV, v)
                }
                sawFrame = true
            case 0xDA:
                result.scans += 1
                result.scanComponents += byte(at: body) ?? 0
                // Entropy-coded data runs to the next marker that is neither a stuffed 0x00
                // nor a restart marker.
                var data = offset + 2 + length
                while let value = byte(at: data) {
                    if value == 0xFF, let next = byte(at: data + 1), next != 0x00, !(0xD0...0xD7).contains(next), next != 0xFF {
                        break
                    }
                    data += 1
                }
                offset = data
                continue
            default:
                break
            }
            offset += 2 + length
        }
        return sawFrame ? result : nil
    }
}
