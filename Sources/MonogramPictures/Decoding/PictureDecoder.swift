internal import CPictures
public import MonogramCore

/// Turns fetched bytes into a `PictureBitmap`: the centred square of the upright image, reduced
/// close to the target size. Every limit is checked from the headers, before any pixel memory
/// is allocated: `maxPixels` (width × height) and, for JPEG, `maxJPEGWork` (Σ components per
/// scan × pixels, the progressive decoder's CPU; see `JPEGStructure`). Memory is the caller's
/// to budget with `PictureHeader.memoryCost` (PictureService holds one budget for all threads).
public struct PictureDecoder: Sendable {
    /// Largest width × height accepted (`pictures.max_pixels`).
    public var maxPixels: Int
    /// Largest JPEG decode work accepted (`pictures.max_jpeg_work`): ~7·10⁹ per CPU-second on
    /// the reference machine, so the default 2.5·10⁹ keeps the worst JPEG near 0.35 s while a
    /// 40 MP progressive photo (≈ 12 component-scans, 4.8·10⁸) passes.
    public var maxJPEGWork: Int

    public init(maxPixels: Int, maxJPEGWork: Int = 2_500_000_000) {
        self.maxPixels = maxPixels
        self.maxJPEGWork = maxJPEGWork
    }

    /// The header, after checking the format and the limits.
    public func header(of bytes: [UInt8]) throws(PictureFailure) -> PictureHeader {
        guard let format = PictureFormat(sniffing: bytes) else { throw .notAnImage }
        var width: Int32 = 0, height: Int32 = 0, lossless: Int32 = 0, alpha: Int32 = 0
        let status: Int32 = bytes.withUnsafeBufferPointer { buffer in
            switch format {
            case .png: monogram_png_header(buffer.baseAddress, buffer.count, &width, &height)
            case .jpeg: monogram_jpeg_header(buffer.baseAddress, buffer.count, &width, &height)
            case .webp: monogram_webp_header(buffer.baseAddress, buffer.count, &width, &height, &lossless, &alpha)
            }
        }
        guard status == 0, width > 0, height > 0 else { throw .undecodable }
        guard Int(width) * Int(height) <= maxPixels else { throw .tooManyPixels }
        var header = PictureHeader(
            format: format, width: Int(width), height: Int(height), losslessWebP: lossless != 0, alphaWebP: alpha != 0)
        if format == .jpeg {
            guard let structure = JPEGStructure.read(bytes) else { throw .undecodable }
            guard structure.work <= maxJPEGWork else { throw .tooMuchWork }
            header.jpeg = structure
        }
        return header
    }

    /// Width and height as the header states them, after checking the format and the limits.
    public func dimensions(of bytes: [UInt8]) throws(PictureFailure) -> (format: PictureFormat, width: Int, height: Int) {
        let header = try header(of: bytes)
        return (header.format, header.width, header.height)
    }

    /// The picture for an avatar of `targetSide` pixels: at least that large when the source
    /// is, at most twice as large (the renderer's filter does the last step).
    public func decode(_ bytes: [UInt8], targetSide: Int) throws(PictureFailure) -> PictureBitmap {
        try decode(bytes, header: header(of: bytes), targetSide: targetSide)
    }

    /// `decode` with the header already read (and its memory cost taken from a budget).
    public func decode(_ bytes: [UInt8], header: PictureHeader, targetSide: Int) throws(PictureFailure) -> PictureBitmap {
        let (width, height) = (header.width, header.height)
        let target = max(1, targetSide)
        switch header.format {
        case .png:
            let pixels = try decodeFull(bytes, width: width, height: height) { data, count, out in
                monogram_png_decode_argb(data, count, out, Int32(width), Int32(height))
            }
            return PictureGeometry.square(pixels, width: width, height: height, orientation: 1, target: target)
        case .jpeg:
            let (w, h) = header.jpegScaledSize(target: target)
            let pixels = try decodeFull(bytes, width: w, height: h) { data, count, out in
                monogram_jpeg_decode_argb(data, count, out, Int32(w), Int32(h))
            }
            let orientation = ExifOrientation.read(jpeg: bytes)
            return PictureGeometry.square(pixels, width: w, height: h, orientation: orientation, target: target)
        case .webp:
            // libwebp crops and scales while decoding: only the output square is allocated.
            let side = min(width, height)
            let output = min(side, target)
            var pixels = [UInt32](repeating: 0, count: output * output)
            let status = bytes.withUnsafeBufferPointer { buffer in
                pixels.withUnsafeMutableBufferPointer { out in
                    monogram_webp_decode_square_argb(
                        buffer.baseAddress, buffer.count, Int32((width - side) / 2), Int32((height - side) / 2),
                        Int32(side), out.baseAddress, Int32(output))
                }
            }
            guard status == 0 else { throw .undecodable }
            return PictureBitmap(side: output, pixels: pixels)
        }
    }

    private func decodeFull(
        _ bytes: [UInt8], width: Int, height: Int,
        _ body: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt32>?) -> Int32
    ) throws(PictureFailure) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: width * height)
        let status = bytes.withUnsafeBufferPointer { buffer in
            pixels.withUnsafeMutableBufferPointer { out in body(buffer.baseAddress, buffer.count, out.baseAddress) }
        }
        guard status == 0 else { throw .undecodable }
        return pixels
    }
}
