internal import CPangoCairo
internal import MonogramCore
#if canImport(Glibc)
private import Glibc
#elseif canImport(Darwin)
private import Darwin
#endif

extension CairoContext {
    /// Uses a linear gradient from `start` at (`x0`, `y0`) to `end` at (`x1`, `y1`) (user space,
    /// padded beyond both ends) as the source. Cairo interpolates each sRGB channel linearly,
    /// which keeps every point's channels between the two stops' (see `Gradient`).
    func setLinearGradient(x0: Double, y0: Double, x1: Double, y1: Double, start: RGBA, end: RGBA) {
        let pattern = cairo_pattern_create_linear(x0, y0, x1, y1)!
        for (offset, colour) in [(0.0, start), (1.0, end)] {
            cairo_pattern_add_color_stop_rgba(
                pattern, offset, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255,
                Double(colour.alpha) / 255)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(pointer, pattern) // the context keeps its own reference
        cairo_pattern_destroy(pattern)
    }
}

extension AvatarPainter {
    /// The background as the source: the flat colour, or the gradient across the face's box
    /// along its angle (CSS `linear-gradient` geometry: the line through the centre, as long
    /// as the box's extent in that direction, so the corners get the end colours exactly).
    func setBackgroundSource(on cairo: borrowing CairoContext) {
        guard let gradient = spec.gradient else {
            cairo.setSource(spec.background)
            return
        }
        let radians = Double(gradient.angle) * Double.pi / 180
        let dx = Self.sine(radians), dy = -Self.cosine(radians)
        let half = side / 2 * (abs(dx) + abs(dy))
        cairo.setLinearGradient(
            x0: side / 2 - dx * half, y0: side / 2 - dy * half, x1: side / 2 + dx * half, y1: side / 2 + dy * half,
            start: gradient.start, end: gradient.end)
    }

    /// Exact at multiples of 90° (no `1e-16` residue), so axis-aligned gradients are exactly
    /// horizontal or vertical.
    private static func sine(_ radians: Double) -> Double {
        let value = sin(radians)
        return abs(value) < 1e-12 ? 0 : value
    }

    private static func cosine(_ radians: Double) -> Double {
        let value = cos(radians)
        return abs(value) < 1e-12 ? 0 : value
    }
}

