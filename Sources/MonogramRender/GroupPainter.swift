internal import CPangoCairo
internal import MonogramCore

/// Draws a group of overlapping faces onto any cairo context (PNG pixels and SVG paths alike),
/// each face with `AvatarPainter`, so a face is the person's own avatar shrunk into its ring.
///
/// Slots are painted from the last to the first, so the leftmost face ends on top. An opaque
/// ring is simply painted under its face and over the faces below. A ring that is not opaque
/// (`transparent`, or a colour with alpha) must not let the faces below show through, so each
/// lower face is instead clipped to outside the outlines of the faces above it: the ring is
/// cut out of it (knock-out). Clips rather than the CLEAR/SOURCE operators keep the SVG
/// vector: cairo's SVG 1.1 surface rasterises any operator but OVER.
struct GroupPainter {
    let spec: GroupSpec

    func draw(on cairo: borrowing CairoContext) throws(RenderError) {
        let cr = cairo.pointer
        let layout = spec.layout
        let slots = spec.slots
        let knockOut = layout.border > 0 && spec.ring.alpha < 255
        let outer = outerBox
        for slot in slots.indices.reversed() {
            cairo_save(cr)
            if knockOut {
                for upper in 0..<slot where (slot - upper) * layout.step < layout.side {
                    clipOutside(slot: upper, box: outer, on: cr)
                }
            }
            cairo_translate(cr, Double(layout.left(ofSlot: slot)), 0)
            var face = slots[slot]
            face.shape = spec.shape
            face.pixelSize = layout.innerSide
            let inner = AvatarPainter(spec: face, mask: nil)
            if layout.border > 0 && spec.ring.alpha > 0 {
                cairo_new_path(cr)
                outer.outlinePath(on: cr)
                if knockOut {
                    // Only the band between the two outlines, so a translucent ring shows the
                    // page through it rather than this face's own background.
                    cairo_translate(cr, Double(layout.border), Double(layout.border))
                    cairo_new_sub_path(cr) // no line joining the two outlines
                    inner.outlinePath(on: cr)
                    cairo_translate(cr, -Double(layout.border), -Double(layout.border))
                    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                }
                cairo.setSource(spec.ring)
                cairo_fill(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            }
            cairo_translate(cr, Double(layout.border), Double(layout.border))
            try inner.draw(on: cairo)
            cairo_restore(cr)
        }
        try cairo.checkStatus()
    }

    /// The painter of a whole face box, used only for its outline (`renderGroup` guarantees
    /// at least one face).
    private var outerBox: AvatarPainter {
        var box = spec.faces[0]
        box.shape = spec.shape
        box.pixelSize = spec.layout.side
        return AvatarPainter(spec: box, mask: nil)
    }

    /// Restricts drawing to outside the outline of the face box in `slot` (even-odd: the
    /// whole image minus that outline). Successive clips intersect.
    private func clipOutside(slot: Int, box: AvatarPainter, on cr: OpaquePointer) {
        cairo_new_path(cr)
        cairo_rectangle(cr, 0, 0, Double(spec.layout.width), Double(spec.layout.height))
        cairo_save(cr)
        cairo_translate(cr, Double(spec.layout.left(ofSlot: slot)), 0)
        cairo_new_sub_path(cr) // a circle's arc would otherwise start with a line from the rectangle
        box.outlinePath(on: cr)
        cairo_restore(cr) // the path keeps its device coordinates
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }
}
