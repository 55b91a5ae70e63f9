internal import CPangoCairo

/// Sole owner of one `cairo_surface_t`; lives for one render (or one mask scaling).
package struct CairoSurface: ~Copyable {
    let pointer: OpaquePointer

    /// The two pixel layouts the renderer uses.
    enum PixelFormat {
        /// Premultiplied ARGB, one native-endian 32-bit word per pixel.
        case argb32
        /// 8-bit coverage (masks).
        case a8
        var cairo: cairo_format_t { self == .argb32 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8 }
        /// Bytes per row cairo wants for `width` pixels.
        func stride(forWidth width: Int) -> Int { Int(cairo_format_stride_for_width(cairo, Int32(width))) }
    }

    /// Takes ownership of a surface returned by a cairo constructor (which never returns NULL:
    /// failures are "nil surfaces" carrying a status, checked here).
    init(taking pointer: OpaquePointer) throws(RenderError) {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            try RenderError.check(status, "creating a surface")
            fatalError("unreachable: a failed status always throws")
        }
        self.pointer = pointer
    }

    /// A cleared (transparent) image of `width × height` pixels.
    static func image(_ format: PixelFormat, width: Int, height: Int) throws(RenderError) -> CairoSurface {
        try CairoSurface(taking: cairo_image_surface_create(format.cairo, Int32(width), Int32(height)))
    }

    /// What an ARGB32 image's memory holds before drawing.
    enum InitialPixels {
        /// Transparent (cairo's own, calloc'd memory).
        case transparent
        /// Whatever malloc returned: only for a painter that writes every pixel itself.
        case unwritten
        /// Every byte `byte`: tests use it to catch a pixel left unwritten.
        case filled(UInt8)
    }

    /// An ARGB32 image of `width × height` pixels starting as `initial` says.
    static func image(width: Int, height: Int, initial: InitialPixels) throws(RenderError) -> CairoSurface {
        switch initial {
        case .transparent: return try image(.argb32, width: width, height: height)
        case .unwritten: return try CairoSurface(taking: monogram_image_surface_create_unwritten(Int32(width), Int32(height), -1))
        case .filled(let byte):
            return try CairoSurface(taking: monogram_image_surface_create_unwritten(Int32(width), Int32(height), Int32(byte)))
        }
    }

    /// Wraps pixel memory the caller keeps alive and unchanged while the surface exists (a
    /// source or mask only: cairo takes a mutable pointer but does not write to a surface it
    /// reads from).
    static func borrowing(
        _ pixels: UnsafePointer<UInt8>, _ format: PixelFormat, width: Int, height: Int, stride: Int
    ) throws(RenderError) -> CairoSurface {
        try CairoSurface(
            taking: cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: pixels), format.cairo, Int32(width), Int32(height), Int32(stride)))
    }

    package var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    package var height: Int { Int(cairo_image_surface_get_height(pointer)) }
    package var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// Flushes pending drawing and lends the pixel memory (image surfaces only).
    package func withPixels<R>(_ body: (UnsafeRawPointer) throws(RenderError) -> R) throws(RenderError) -> R {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw RenderError(kind: .drawing, message: "image surface has no data")
        }
        return try body(UnsafeRawPointer(data))
    }

    /// Completes a stream surface (SVG): writes everything out and reports the final status.
    func finish() throws(RenderError) {
        cairo_surface_finish(pointer)
        try RenderError.check(cairo_surface_status(pointer), "finishing a surface")
    }

    deinit { cairo_surface_destroy(pointer) }
}
