internal import CPangoCairo
internal import MonogramCore

extension AvatarPainter {
    /// Widest (and tallest) the ink may be, as a fraction of the side, before the text is
    /// shrunk: three wide capitals at font-size 1.0 would otherwise spill past the edges.
    static let inkLimit = 0.88

    /// Lays out `text` with pango (fontconfig fallback picks a font per script, HarfBuzz
    /// shapes Arabic/Indic/emoji sequences, bidi picks the direction) and centres its ink.
    func drawInitials(_ text: String, on cairo: borrowing CairoContext) throws(RenderError) {
        let cr = cairo.pointer
        let thread = PangoThreadState.current
        // Sync the thread's context with this target (its font options and transform).
        pango_cairo_update_context(cr, thread.context)
        let layout = try PangoLayoutHandle(context: thread.context)
        pango_layout_set_auto_dir(layout.pointer, 1)
        pango_layout_set_single_paragraph_mode(layout.pointer, 1)
        pango_layout_set_text(layout.pointer, AvatarPainter.separatingInitials(text), -1)

        let font = pango_font_description_new()
        defer { pango_font_description_free(font) }
        pango_font_description_set_family(font, spec.fontFamily)
        pango_font_description_set_weight(font, spec.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        var fontSize = min(max(spec.fontScale, 0.05), 1.0) * side
        pango_font_description_set_absolute_size(font, fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout.pointer, font)

        var ink = layout.inkExtents
        guard ink.width > 0, ink.height > 0 else { return } // whitespace: nothing to draw
        // Ink grows about linearly with font size, so one or two corrections are enough.
        let limit = AvatarPainter.inkLimit * side
        for _ in 0..<3 where ink.width > limit || ink.height > limit {
            fontSize *= min(limit / ink.width, limit / ink.height) * 0.99
            pango_font_description_set_absolute_size(font, fontSize * Double(PANGO_SCALE))
            pango_layout_set_font_description(layout.pointer, font)
            ink = layout.inkExtents
        }

        // Optical centring: put the centre of the glyphs' ink at the centre of the image.
        // The logical box would sit Latin capitals high (room for descenders) and CJK low.
        let originX = side / 2 - (ink.x + ink.width / 2)
        let originY = side / 2 - (ink.y + ink.height / 2)
        cairo_move_to(cr, originX, originY)
        cairo.setSource(spec.foreground) // colour-emoji glyphs keep their own colours
        pango_cairo_show_layout(cr, layout.pointer)
    }
}

extension AvatarPainter {
    /// Each initial stands alone: a ZERO WIDTH NON-JOINER between clusters keeps Arabic letters
    /// in their isolated forms (م ع, not the word مع) and stops ligatures or conjuncts forming
    /// across two people's initials. It has no effect on scripts that do not join.
    static func separatingInitials(_ text: String) -> String {
        guard text.count > 1 else { return text }
        return text.map(String.init).joined(separator: "\u{200C}")
    }
}
