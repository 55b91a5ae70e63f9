internal import CPangoCairo

/// Sole owner of one PangoFontDescription: a family, a weight and an absolute size.
struct PangoFontDescriptionHandle: ~Copyable {
    let pointer: OpaquePointer

    init(family: String, bold: Bool) {
        pointer = pango_font_description_new()
        set(family: family, bold: bold)
    }

    /// Changes the family and weight (a description reused across renders).
    func set(family: String, bold: Bool) {
        pango_font_description_set_family(pointer, family)
        pango_font_description_set_weight(pointer, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
    }

    /// The em size in device pixels (fractional; the layout is unhinted).
    func setSize(_ pixels: Double) {
        pango_font_description_set_absolute_size(pointer, pixels * Double(PANGO_SCALE))
    }

    deinit { pango_font_description_free(pointer) }
}
