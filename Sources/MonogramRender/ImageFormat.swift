public import MonogramCore

/// The encodings the renderer produces (JSON is not an image; the service writes it itself).
public enum ImageFormat: Sendable, Hashable {
    /// 8-bit RGBA, or indexed when the avatar has at most 256 distinct colours.
    case png
    /// SVG 1.1 with glyphs as paths, so it looks the same on machines without the fonts.
    case svg
    /// Lossless WebP: the PNG's pixels exactly.
    case webp
    /// AVIF (lossy, 4:4:4, alpha kept) up to `OutputFormat.largestAVIFPixels`.
    case avif
    /// Baseline JPEG (`JPEGCodec`): no alpha, so pixels outside the shape are `matte` (opaque).
    case jpeg(matte: RGBA)
}
