/// What the first bytes of a picture promise, read before any pixel memory is allocated:
/// format, dimensions, and what decoding will cost. Everything a budget needs is here, so a
/// tiny file claiming a huge image (a decompression bomb) or a huge amount of work (a JPEG of
/// thousands of scans) is refused for the cost of reading its headers.
public struct PictureHeader: Sendable, Hashable {
    public var format: PictureFormat
    public var width: Int
    public var height: Int
    /// JPEG only: the frame and scan structure.
    public var jpeg: JPEGStructure?
    /// WebP only: VP8L (lossless) decodes the whole image into libwebp's own buffer.
    public var losslessWebP = false
    /// WebP only: the picture has alpha. In a lossy (VP8) WebP the alpha is its own plane of
    /// width × height bytes, decoded by a lossless decoder with a buffer of 1 or 4 bytes per
    /// pixel, whatever the crop and scale of the output.
    public var alphaWebP = false

    /// Side of the centred square (orientation does not change it).
    public var squareSide: Int { min(width, height) }

    /// Bytes of pixel memory a decode for `targetSide` holds at its peak: the decoder's output
    /// (the whole image for PNG, the DCT-scaled image for JPEG, the output square for WebP), the
    /// reduced square, and the codec's own image-sized buffers (progressive JPEG keeps every
    /// DCT coefficient: 2 bytes per component-pixel; lossless WebP keeps 4 bytes per pixel, a lossy one with alpha 5).
    public func memoryCost(targetSide: Int) -> Int {
        let target = max(1, targetSide)
        let pixels = width * height
        switch format {
        case .png:
            return pixels * 4 + outputBytes(side: squareSide, target: target)
        case .jpeg:
            let (w, h) = jpegScaledSize(target: target)
            let coefficients = jpeg.map { $0.progressive ? $0.coefficientBytes : 0 } ?? 0
            return w * h * 4 + outputBytes(side: min(w, h), target: target) + coefficients
        case .webp:
            let output = min(squareSide, target)
            // Lossy with alpha: the plane (1 B/px) and the alpha decoder's buffer (up to 4 B/px);
            // uncounted, 8 such 40 MP pictures of 128 KB took 518 MiB past a 192 MiB budget.
            let alphaPlane = alphaWebP && !losslessWebP ? pixels * 5 : 0
            return output * output * 4 + (losslessWebP ? pixels * 4 : width * 64 * 4) + alphaPlane
        }
    }

    /// The DCT-scaled size (1/8 steps) whose shorter side is still ≥ target: libjpeg-turbo
    /// decodes at 1/8, 2/8, …, 8/8 of the stored size for a fraction of the work and memory.
    public func jpegScaledSize(target: Int) -> (width: Int, height: Int) {
        var best = (width, height)
        for eighths in 1...8 {
            let w = (width * eighths + 7) / 8, h = (height * eighths + 7) / 8
            if min(w, h) >= target && w < best.0 { best = (w, h) }
        }
        return best
    }

    private func outputBytes(side: Int, target: Int) -> Int {
        let out = side >> PictureGeometry.halvings(side: side, target: target)
        return out * out * 4
    }
}
