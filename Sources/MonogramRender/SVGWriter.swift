internal import CPangoCairo

/// Runs a drawing on a cairo SVG surface that streams into memory. Cairo turns glyphs into
/// `<path>` outlines (no `<text>`, no font references), so the SVG looks the same everywhere.
enum SVGWriter {
    /// Collects the stream; a class so the C callback can reach it through an opaque pointer.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    static func render(
        width: Int, height: Int, _ draw: (borrowing CairoContext) throws(RenderError) -> Void
    ) throws(RenderError) -> [UInt8] {
        let sink = Sink()
        sink.bytes.reserveCapacity(8192)
        try withExtendedLifetime(sink) { () throws(RenderError) in
            let closure = Unmanaged.passUnretained(sink).toOpaque()
            let surface = try CairoSurface(
                taking: cairo_svg_surface_create_for_stream(
                    { closure, data, length in
                        let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                        return CAIRO_STATUS_SUCCESS
                    }, closure, Double(width), Double(height))!)
            cairo_svg_surface_restrict_to_version(surface.pointer, CAIRO_SVG_VERSION_1_1)
            // Without a unit, cairo 1.16 writes "pt" and browsers draw it a third larger.
            cairo_svg_surface_set_document_unit(surface.pointer, CAIRO_SVG_UNIT_PX)
            do {
                let cairo = try CairoContext(drawingOn: surface)
                try draw(cairo)
            }
            // The context is gone; finishing flushes the document into the sink.
            try surface.finish()
        }
        return SVGIdentifiers.renumber(sink.bytes)
    }
}
