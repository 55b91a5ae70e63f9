internal import CPangoCairo
internal import MonogramCore

/// Draws one avatar onto any cairo context: the same code produces the PNG pixels and the SVG
/// paths, so the two formats cannot drift apart.
struct AvatarPainter {
    let spec: AvatarSpec
    /// The mask already scaled to `spec.pixelSize`, when the shape is a mask.
    let mask: MaskImage?

    var side: Double { Double(spec.pixelSize) }

    func draw(on cairo: borrowing CairoContext) throws(RenderError) {
        let cr = cairo.pointer
        if let mask {
            // Draw into a group, then let the mask's coverage decide what reaches the surface.
            cairo_push_group(cr)
            try drawFace(on: cairo)
            cairo_pop_group_to_source(cr)
            try mask.withSurface { (surface) throws(RenderError) in
                cairo_mask_surface(cr, surface.pointer, 0, 0)
            }
        } else {
            // An anti-aliased clip: everything outside the outline stays alpha 0 (the surface
            // starts transparent), edge pixels get partial coverage.
            outlinePath(on: cr)
            cairo_clip(cr)
            try drawFace(on: cairo)
        }
        try cairo.checkStatus()
    }

    /// Background, then the initials, the placeholder silhouette or the picture (over the
    /// background, so a transparent picture shows the person's colour).
    private func drawFace(on cairo: borrowing CairoContext) throws(RenderError) {
        cairo.setSource(spec.background)
        cairo_paint(cairo.pointer)
        switch spec.content {
        case .initials(let text):
            try drawInitials(text, on: cairo)
        case .placeholder:
            drawSilhouette(on: cairo)
        case .picture(let bitmap):
            try drawPicture(bitmap, on: cairo)
        }
    }

    /// The outline at the origin, `side` wide: the clip of the face (and, in a group, its ring).
    func outlinePath(on cr: OpaquePointer) {
        switch spec.shape {
        case .square, .mask:
            cairo_rectangle(cr, 0, 0, side, side)
        case .circle:
            cairo_arc(cr, side / 2, side / 2, side / 2, 0, 2 * Double.pi)
        case .rounded(let fraction):
            let radius = min(max(fraction, 0), 0.5) * side
            roundedRectangle(on: cr, radius: radius)
        }
    }

    private func roundedRectangle(on cr: OpaquePointer, radius r: Double) {
        let s = side
        cairo_new_sub_path(cr)
        cairo_arc(cr, s - r, r, r, -Double.pi / 2, 0)
        cairo_arc(cr, s - r, s - r, r, 0, Double.pi / 2)
        cairo_arc(cr, r, s - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, r, r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
