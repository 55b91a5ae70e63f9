internal import CPangoCairo
internal import MonogramCore

/// Sole owner of one `cairo_t` drawing on a surface for one render.
struct CairoContext: ~Copyable {
    let pointer: OpaquePointer

    init(drawingOn surface: borrowing CairoSurface) throws(RenderError) {
        // cairo_create keeps its own reference to the surface, so the order of the two
        // deinits does not matter.
        let pointer = cairo_create(surface.pointer)!
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(pointer)
            try RenderError.check(status, "creating a cairo context")
            fatalError("unreachable: a failed status always throws")
        }
        self.pointer = pointer
    }

    /// Cairo errors are sticky: drawing calls after one are no-ops, so checking once at the
    /// end of a render is enough.
    func checkStatus() throws(RenderError) {
        try RenderError.check(cairo_status(pointer), "drawing")
    }

    func setSource(_ colour: RGBA) {
        cairo_set_source_rgba(
            pointer, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255,
            Double(colour.alpha) / 255)
    }

    deinit { cairo_destroy(pointer) }
}
