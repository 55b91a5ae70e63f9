internal import CPangoCairo
internal import MonogramCore

extension AvatarPainter {
    /// Scales the (square, premultiplied ARGB32) picture onto the whole face. The clip or mask
    /// set up by `draw` gives it the shape.
    func drawPicture(_ bitmap: PictureBitmap, on cairo: borrowing CairoContext) throws(RenderError) {
        let cr = cairo.pointer
        try bitmap.pixels.withUnsafeBufferPointer { (buffer) throws(RenderError) in
            // cairo wants a mutable pointer but only reads a surface used as a source; the
            // bitmap is shared between threads and nothing writes to it. An SVG surface reads
            // the pixels again when it is finished, after this scope: the array's storage is
            // still there then, because the spec (and so the bitmap) outlives the render.
            let data = UnsafeMutableRawPointer(mutating: buffer.baseAddress!).assumingMemoryBound(to: UInt8.self)
            let source = try CairoSurface(
                taking: cairo_image_surface_create_for_data(
                    data, CAIRO_FORMAT_ARGB32, Int32(bitmap.side), Int32(bitmap.side), Int32(bitmap.side * 4)))
            cairo_save(cr)
            let scale = side / Double(bitmap.side)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, source.pointer, 0, 0)
            let pattern = cairo_get_source(cr)
            // GOOD is a real box filter when shrinking (pixman's separable convolution), and
            // bilinear when enlarging; PAD keeps the edges from fading into transparency.
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_rectangle(cr, 0, 0, Double(bitmap.side), Double(bitmap.side))
            cairo_fill(cr)
            cairo_restore(cr)
            // Drop the pattern's reference to the borrowed pixels before they go away.
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
        }
    }
}
