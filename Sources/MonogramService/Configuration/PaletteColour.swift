import Foundation
import MonogramCore

/// Checks of `render.palette` entries: opaque hex colours on which the default white text is
/// readable. WCAG 2 contrast is computed here rather than with the core's contrast code so that
/// configuration does not depend on rendering details.
enum PaletteColour {
    /// WCAG 2.x AA for normal text, the bar API §1 sets for generated backgrounds.
    static let minimumContrast = 4.5

    static func parse(_ text: String) throws(ValueProblem) -> RGBA {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 3 || digits.count == 6, let colour = RGBA(hex: text) else {
            throw ValueProblem(message: #""\#(text)" is not a hex colour (RGB or RRGGBB)"#)
        }
        let contrast = contrastWithWhite(colour)
        guard contrast >= minimumContrast else {
            let shown = (contrast * 100).rounded(.down) / 100
            throw ValueProblem(message: #""\#(text)" has \#(shown):1 contrast with white text; needs at least 4.5:1"#)
        }
        return colour
    }

    /// (L_white + 0.05) / (L + 0.05) where L_white = 1.
    static func contrastWithWhite(_ colour: RGBA) -> Double {
        1.05 / (relativeLuminance(colour) + 0.05)
    }

    /// WCAG 2 relative luminance of an sRGB colour.
    private static func relativeLuminance(_ colour: RGBA) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
    }
}
