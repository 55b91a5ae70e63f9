/// Runs a drawing on a cairo SVG surface that streams into memory. Cairo turns glyphs into
/// `<path>` outlines (no `<text>`, no font references), so the SVG looks the same everywhere.
enum SVGWriter {
    static func render(
        width: Int, height: Int, _ draw: (borrowing CairoContext) throws(RenderError) -> Void
    ) throws(RenderError) -> [UInt8] {
        let sink = CairoSurface.SVGSink()
        sink.bytes.reserveCapacity(8192)
        try withExtendedLifetime(sink) { () throws(RenderError) in
            let surface = try CairoSurface.svg(width: width, height: height, into: sink)
            do {
                let cairo = try CairoContext(drawingOn: surface)
                try draw(cairo)
            }
            // The context is gone; finishing flushes the document into the sink, with the
            // glyphs' outlines looked up in cairo's glyph cache (see `GlyphCacheLock`).
            try GlyphCacheLock.withLock { () throws(RenderError) in try surface.finish() }
        }
        return SVGIdentifiers.renumber(sink.bytes)
    }
}
