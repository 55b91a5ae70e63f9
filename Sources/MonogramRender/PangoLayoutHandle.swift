internal import CPangoCairo

/// Sole owner of one PangoLayout; lives for one render on one thread.
struct PangoLayoutHandle: ~Copyable {
    let pointer: OpaquePointer

    init(context: OpaquePointer) throws(RenderError) {
        guard let pointer = pango_layout_new(context) else {
            throw RenderError(kind: .drawing, message: "pango_layout_new failed")
        }
        self.pointer = pointer
    }

    /// Ink rectangle in device pixels (fractional: Pango units / PANGO_SCALE), the area glyphs
    /// actually cover, which is what optical centring needs.
    var inkExtents: (x: Double, y: Double, width: Double, height: Double) {
        var ink = PangoRectangle()
        pango_layout_get_extents(pointer, &ink, nil)
        let scale = Double(PANGO_SCALE)
        return (Double(ink.x) / scale, Double(ink.y) / scale, Double(ink.width) / scale, Double(ink.height) / scale)
    }

    deinit { monogram_layout_unref(pointer) }
}
