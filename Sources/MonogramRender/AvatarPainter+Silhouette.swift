internal import CPangoCairo
internal import MonogramCore

extension AvatarPainter {
    /// The neutral "no name" face: a head circle over a shoulders half-ellipse, proportions
    /// relative to the side so it scales with the image and sits well inside a circle too.
    func drawSilhouette(on cairo: borrowing CairoContext) {
        let cr = cairo.pointer
        let s = side
        cairo.setSource(spec.foreground)
        cairo_new_path(cr)
        cairo_arc(cr, 0.5 * s, 0.39 * s, 0.17 * s, 0, 2 * Double.pi)
        cairo_fill(cr)

        // Shoulders: the top half of an ellipse whose centre sits near the bottom edge.
        cairo_save(cr)
        cairo_translate(cr, 0.5 * s, 0.98 * s)
        cairo_scale(cr, 0.33 * s, 0.36 * s)
        cairo_new_path(cr)
        cairo_arc(cr, 0, 0, 1, Double.pi, 2 * Double.pi)
        cairo_close_path(cr)
        cairo_restore(cr) // the path keeps its device coordinates; the fill uses them
        cairo_fill(cr)
    }
}
