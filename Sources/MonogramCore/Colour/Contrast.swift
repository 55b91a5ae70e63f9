#if canImport(Glibc)
import Glibc  // pow; MonogramCore links libm for it
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// WCAG 2.x contrast, used to pick readable text and to check palettes.
///
/// Alpha is ignored: the background is judged as if opaque, which is what the viewer sees
/// over a white page for solid palettes and a fair approximation otherwise.
public enum Contrast {
    /// Relative luminance (0 black … 1 white) with the sRGB transfer curve undone.
    public static func relativeLuminance(_ c: RGBA) -> Double {
        0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    /// Contrast ratio from 1 (same) to 21 (black on white); symmetric in its arguments.
    public static func ratio(_ a: RGBA, _ b: RGBA) -> Double {
        let la = relativeLuminance(a), lb = relativeLuminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// White when it reaches 4.5:1 on `background` (the AA level for normal text); otherwise
    /// whichever of white and `RGBA.nearBlack` contrasts more.
    ///
    /// White is preferred rather than simply the higher contrast, so that mid-tone palette
    /// colours keep the conventional white initials.
    public static func textColor(on background: RGBA) -> RGBA {
        let white = ratio(.white, background)
        if white >= 4.5 { return .white }
        return ratio(.nearBlack, background) > white ? .nearBlack : .white
    }

    /// A text colour that reaches 4.5:1 on any opaque `background`: `textColor(on:)` when it
    /// does (so palettes that carried white keep it), else pure black, which reaches 4.5:1 on
    /// every colour white does not (relative luminance above 0.175).
    public static func readableTextColor(on background: RGBA) -> RGBA {
        let preferred = textColor(on: background)
        return ratio(preferred, background) >= 4.5 ? preferred : RGBA(red: 0, green: 0, blue: 0)
    }

    private static func linear(_ channel: UInt8) -> Double {
        let c = Double(channel) / 255
        // 0.04045 is the sRGB (IEC 61966-2-1) threshold; WCAG 2.0 printed 0.03928, which
        // gives the same result for every 8-bit value.
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}
