internal import CPangoCairo

#if canImport(Glibc)
    private import Glibc
#elseif canImport(Darwin)
    private import Darwin
#endif

/// PNG through libpng: decoding (masks, tests), straight-RGBA encoding (goldens, the contact
/// sheet) and the previous avatar encoder kept for comparison. Avatars are written by
/// `PNGWriter` (libdeflate), not here.
package enum PNGCodec {
    /// Cairo stores ARGB32 premultiplied; PNG wants straight alpha. Returns 0xRRGGBBAA.
    @inline(__always)
    package static func unpremultiply(_ pixel: UInt32) -> UInt32 {
        let a = pixel >> 24
        if a == 0 { return 0 }
        var r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        if a != 255 {
            r = (r * 255 + a / 2) / a
            g = (g * 255 + a / 2) / a
            b = (b * 255 + a / 2) / a
        }
        return r << 24 | g << 16 | b << 8 | a
    }

}
