internal import CPangoCairo

/// Sole owner of one PangoLayout, used on one thread only (one render, or every render of
/// the thread: `PangoThreadState.layout`).
struct PangoLayoutHandle: ~Copyable {
    let pointer: OpaquePointer

    /// A one-line layout whose direction follows its text (bidi: Arabic and Hebrew run
    /// right to left).
    init(context: OpaquePointer, text: String = "") throws(RenderError) {
        guard let pointer = pango_layout_new(context) else {
            throw RenderError(kind: .drawing, message: "pango_layout_new failed")
        }
        self.pointer = pointer
        pango_layout_set_auto_dir(pointer, 1)
        pango_layout_set_single_paragraph_mode(pointer, 1)
        pango_layout_set_text(pointer, text, -1)
    }

    /// Replaces the text (the layout is laid out again when next measured or drawn).
    func setText(_ text: String) { pango_layout_set_text(pointer, text, -1) }

    /// Lays the text out again in `font` (pango copies the description).
    func setFont(_ font: borrowing PangoFontDescriptionHandle) {
        pango_layout_set_font_description(pointer, font.pointer)
    }

    /// Ink rectangle in device pixels (fractional: Pango units / PANGO_SCALE), the area glyphs
    /// actually cover, relative to the layout's top-left corner.
    var inkExtents: TextBox {
        var ink = PangoRectangle()
        pango_layout_get_extents(pointer, &ink, nil)
        let scale = Double(PANGO_SCALE)
        return TextBox(
            minX: Double(ink.x) / scale, minY: Double(ink.y) / scale,
            maxX: Double(ink.x + ink.width) / scale, maxY: Double(ink.y + ink.height) / scale)
    }

    /// Distance from the layout's top to the first line's baseline, in device pixels.
    var baseline: Double { Double(pango_layout_get_baseline(pointer)) / Double(PANGO_SCALE) }

    /// Whether a run is set in a font with colour glyphs (emoji): cairo draws those as
    /// colour images, which no coverage mask can carry.
    var usesColourFonts: Bool { monogram_layout_uses_colour_fonts(pointer) != 0 }

    /// Whether a run is set in a font fontconfig emboldens synthetically (a bold face asked of
    /// a family with none): cairo's glyph boxes leave out the added ink, which a clip's mask
    /// then cuts off.
    var usesSyntheticBold: Bool { monogram_layout_uses_synthetic_bold(pointer) != 0 }

    /// Whether the text is in more than one run (fonts, scripts or directions change): each
    /// run is its own cairo operation.
    var hasSeveralRuns: Bool { monogram_layout_has_several_runs(pointer) != 0 }

    /// Whether no two glyph images can share a pixel when the layout's top-left corner is at
    /// `origin`: each glyph's ink grown by `margin` pixels is apart from every other's.
    func glyphsApart(at origin: (x: Double, y: Double), margin: Double) -> Bool {
        monogram_layout_glyphs_apart(pointer, origin.x, origin.y, margin) != 0
    }

    deinit { monogram_layout_unref(pointer) }
}
