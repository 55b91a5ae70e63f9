internal import CPangoCairo

/// The drawing operations the painters use, so `cairo_t` stays inside its owner: painters
/// speak in paths, fills and clips and never see the pointer.
extension CairoContext {
    enum FillRule {
        case winding, evenOdd
        var cairo: cairo_fill_rule_t { self == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD }
    }

    /// Runs `body` between `cairo_save` and `cairo_restore` (transform, clip, source, rule).
    func saved<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        return try body()
    }

    func translate(_ x: Double, _ y: Double) { cairo_translate(pointer, x, y) }
    func scale(_ x: Double, _ y: Double) { cairo_scale(pointer, x, y) }

    func newPath() { cairo_new_path(pointer) }
    /// Starts a new sub-path without a line from the current point (arcs would draw one).
    func newSubPath() { cairo_new_sub_path(pointer) }
    func closePath() { cairo_close_path(pointer) }
    func moveTo(_ x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        cairo_rectangle(pointer, x, y, width, height)
    }
    /// A clockwise arc around (`x`, `y`) from angle `from` to `to` (radians).
    func arc(_ x: Double, _ y: Double, radius: Double, from: Double, to: Double) {
        cairo_arc(pointer, x, y, radius, from, to)
    }

    func setFillRule(_ rule: FillRule) { cairo_set_fill_rule(pointer, rule.cairo) }
    /// Fills the path (consuming it) with the current source.
    func fill() { cairo_fill(pointer) }
    /// Intersects the clip with the path (consuming it); anti-aliased at the edges.
    func clip() { cairo_clip(pointer) }
    /// Paints the current source everywhere inside the clip.
    func paint() { cairo_paint(pointer) }

    /// Draws `body` into an offscreen group, then paints it through `mask`'s coverage.
    func masked(by mask: MaskImage, _ body: () throws(RenderError) -> Void) throws(RenderError) {
        cairo_push_group(pointer)
        do {
            try body()
        } catch {
            cairo_pattern_destroy(cairo_pop_group(pointer))
            throw error
        }
        cairo_pop_group_to_source(pointer)
        try mask.withSurface { (surface) throws(RenderError) in
            cairo_mask_surface(pointer, surface.pointer, 0, 0)
        }
    }

    /// Uses `surface` (at the user-space origin) as the source, filtered with cairo's GOOD
    /// filter (a box filter when shrinking, bilinear when enlarging) and PAD extension, so the
    /// edges neither alias nor fade into transparency.
    func setSource(_ surface: borrowing CairoSurface) {
        cairo_set_source_surface(pointer, surface.pointer, 0, 0)
        let pattern = cairo_get_source(pointer)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    }

    /// Replaces rather than blends (the mask scaler writes coverage straight through).
    func setOperatorSource() { cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE) }

    /// Syncs the thread's pango context with this target (font options and transform).
    func updatePangoContext(_ context: OpaquePointer) { pango_cairo_update_context(pointer, context) }

    /// Draws `layout` with its top-left corner at the current point, in the current source
    /// (colour-emoji glyphs keep their own colours).
    func show(_ layout: borrowing PangoLayoutHandle) { pango_cairo_show_layout(pointer, layout.pointer) }
}
