internal import CPictures
public import MonogramCore

/// Turns fetched bytes into a `PictureBitmap`: the centred square of the upright image, reduced
/// close to the target size. The pixel limit is checked from the header, before any pixel
/// memory is allocated, so a tiny file claiming huge dimensions (a decompression bomb) costs
/// nothing.
public struct PictureDecoder: Sendable {
    /// Largest width × height accepted (`pictures.max_pixels`).
    public var maxPixels: Int

    public init(maxPixels: Int) {
        self.maxPixels = maxPixels
    }

    /// Width and height as the header states them, after checking the format and the limit.
    public func dimensions(of bytes: [UInt8]) throws(PictureFailure) -> (format: PictureFormat, width: Int, height: Int) {
        guard let format = PictureFormat(sniffing: bytes) else { throw .notAnImage }
        var width: Int32 = 0, height: Int32 = 0
        let status: Int32 = bytes.withUnsafeBufferPointer { buffer in
            switch format {
            case .png: monogram_png_header(buffer.baseAddress, buffer.count, &width, &height)
            case .jpeg: monogram_jpeg_header(buffer.baseAddress, buffer.count, &width, &height)
            case .webp: monogram_webp_header(buffer.baseAddress, buffer.count, &width, &height)
            }
        }
        guard status == 0, width > 0, height > 0 else { throw .undecodable }
        guard Int(width) * Int(height) <= maxPixels else { throw .tooManyPixels }
        return (format, Int(width), Int(height))
    }

    /// The picture for an avatar of `targetSide` pixels: at least that large when the source
    /// is, at most twice as large (the renderer's filter does the last step).
    public func decode(_ bytes: [UInt8], targetSide: Int) throws(PictureFailure) -> PictureBitmap {
        let (format, width, height) = try dimensions(of: bytes)
        let target = max(1, targetSide)
        switch format {
        case .png:
            let pixels = try decodeFull(bytes, width: width, height: height) { data, count, out in
                monogram_png_decode_argb(data, count, out, Int32(width), Int32(height))
            }
            return PictureGeometry.square(pixels, width: width, height: height, orientation: 1, target: target)
        case .jpeg:
            var scaledWidth: Int32 = 0, scaledHeight: Int32 = 0
            monogram_jpeg_scaled_size(Int32(width), Int32(height), Int32(target), &scaledWidth, &scaledHeight)
            let w = Int(scaledWidth), h = Int(scaledHeight)
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
