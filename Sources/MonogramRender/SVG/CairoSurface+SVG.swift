internal import CPangoCairo

extension CairoSurface {
    /// Collects an SVG stream; a class so cairo's C callback can reach it through an opaque
    /// pointer. The caller keeps it alive until the surface is finished.
    final class SVGSink {
        var bytes: [UInt8] = []
    }

    /// An SVG 1.1 surface in px units streaming into `sink` (without a unit, cairo 1.16
    /// writes "pt" and browsers draw it a third larger).
    static func svg(width: Int, height: Int, into sink: SVGSink) throws(RenderError) -> CairoSurface {
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let surface = try CairoSurface(
            taking: cairo_svg_surface_create_for_stream(
                { closure, data, length in
                    let sink = Unmanaged<SVGSink>.fromOpaque(closure!).takeUnretainedValue()
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, closure, Double(width), Double(height))!)
        cairo_svg_surface_restrict_to_version(surface.pointer, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(surface.pointer, CAIRO_SVG_UNIT_PX)
        return surface
    }
}
