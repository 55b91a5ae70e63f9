#if canImport(Glibc)
import Glibc  // pow, cbrt, atan2; MonogramCore links libm for them
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Derives the dark and the transparent-background variants of a palette colour.
///
/// Both keep the colour's OKLCH hue (a perceptual hue, so "the same colour, darker" looks like
/// it), which keeps the sRGB hue within a few degrees. The built-in palette's variants were
/// produced by these rules and are then pinned as literals (`Palette.default`); the rules run at
/// start-up only for a configured `render.palette`. docs/colours.md gives the steps.
public enum ColorVariants {
    /// OKLab lightness of the dark variant (at most; a colour already that dark goes lower
    /// still, so the dark variant is always darker): about 10:1 with white text.
    public static let darkLightness = 0.38
    /// How far below the light colour's lightness the dark one sits at least.
    public static let darkStep = 0.06
    /// Chroma kept in the dark variant: saturated colours glare on dark pages.
    public static let darkChroma = 0.8
    /// Relative luminance band where a colour reaches 4.5:1 against white (≤ 0.18333) and
    /// against black (≥ 0.175) alike; the ink aims at its middle.
    public static let inkLuminance: ClosedRange<Double> = 0.175...0.18333
    public static let inkTarget = 0.179

    /// Same hue, lower OKLab lightness (`min(0.38, L − 0.06)`), 80 % of the chroma (less if
    /// out of gamut); greys stay grey.
    public static func dark(of color: RGBA) -> RGBA {
        let lch = OKLCH(color)
        var lightness = min(darkLightness, lch.lightness - darkStep)
        var dark = OKLCH(lightness: max(0, lightness), chroma: lch.chroma * darkChroma, hue: lch.hue).rgba
        // Rounding to 8 bits could in principle undo a small step; step on until it is darker.
        while Contrast.relativeLuminance(dark) >= Contrast.relativeLuminance(color.opaque), lightness > 0 {
            lightness -= 0.01
            dark = OKLCH(lightness: max(0, lightness), chroma: lch.chroma * darkChroma, hue: lch.hue).rgba
        }
        return dark
    }

    /// Same hue and chroma (less if out of gamut), the lightness whose 8-bit colour has the
    /// relative luminance nearest `inkTarget`: ≥ 4.5:1 against white and against black.
    public static func ink(of color: RGBA) -> RGBA {
        let lch = OKLCH(color)
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let middle = (low + high) / 2
            let y = Contrast.relativeLuminance(OKLCH(lightness: middle, chroma: lch.chroma, hue: lch.hue).rgba)
            if y < inkTarget { low = middle } else { high = middle }
        }
        let below = OKLCH(lightness: low, chroma: lch.chroma, hue: lch.hue).rgba
        let above = OKLCH(lightness: high, chroma: lch.chroma, hue: lch.hue).rgba
        let distance = { (c: RGBA) in abs(Contrast.relativeLuminance(c) - inkTarget) }
        return distance(below) <= distance(above) ? below : above
    }
}

/// A colour in OKLCH (Björn Ottosson's OKLab in polar form), from and to 8-bit sRGB.
struct OKLCH {
    var lightness: Double
    var chroma: Double
    var hue: Double

    init(lightness: Double, chroma: Double, hue: Double) {
        (self.lightness, self.chroma, self.hue) = (lightness, chroma, hue)
    }

    init(_ color: RGBA) {
        let r = Self.linear(color.red), g = Self.linear(color.green), b = Self.linear(color.blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        lightness = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        let a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        let bb = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        chroma = (a * a + bb * bb).squareRoot()
        hue = atan2(bb, a)
        // Greys come out with a chroma of ~1e-8 and an arbitrary hue: keep them grey.
        if chroma < 0.002 { chroma = 0 }
    }

    /// Linear sRGB; may leave 0…1 when the colour is outside the gamut.
    func linearRGB(chroma c: Double) -> (Double, Double, Double) {
        let a = c * cos(hue), b = c * sin(hue)
        let l = pow(lightness + 0.3963377774 * a + 0.2158037573 * b, 3)
        let m = pow(lightness - 0.1055613458 * a - 0.0638541728 * b, 3)
        let s = pow(lightness - 0.0894841775 * a - 1.2914855480 * b, 3)
        return (
            4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        )
    }

    /// The nearest 8-bit colour, with the chroma reduced (bisection) until it fits the gamut.
    var rgba: RGBA {
        func inGamut(_ c: Double) -> Bool {
            let (r, g, b) = linearRGB(chroma: c)
            return [r, g, b].allSatisfy { (-1e-9...(1 + 1e-9)).contains($0) }
        }
        var c = chroma
        if !inGamut(c) {
            var low = 0.0, high = c
            for _ in 0..<40 {
                let middle = (low + high) / 2
                if inGamut(middle) { low = middle } else { high = middle }
            }
            c = low
        }
        let (r, g, b) = linearRGB(chroma: c)
        return RGBA(red: Self.encode(r), green: Self.encode(g), blue: Self.encode(b))
    }

    static func linear(_ channel: UInt8) -> Double {
        let c = Double(channel) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    static func encode(_ linear: Double) -> UInt8 {
        let x = min(max(linear, 0), 1)
        let c = x <= 0.0031308 ? x * 12.92 : 1.055 * pow(x, 1 / 2.4) - 0.055
        return UInt8((c * 255).rounded())
    }
}
