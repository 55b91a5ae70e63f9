internal import CPangoCairo
internal import MonogramCore

/// What the unclipped face drawing needs beyond paths and fills: the target's kind and pixels,
/// whether a clip is a region, and text composited through a coverage mask.
extension CairoContext {
    /// Whether the target is an ARGB32 image (PNG, WebP, AVIF) rather than a vector surface.
    var drawsPixels: Bool {
        let target = cairo_get_target(pointer)
        return cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE
            && cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
    }

    /// Lends the target image's pixels for writing (nil for another target, or one smaller
    /// than `width × height`): pending drawing is flushed first, and cairo is told afterwards
    /// that the pixels changed.
    func withTargetPixels(width: Int, height: Int, _ body: (UnsafeMutableRawPointer, _ stride: Int) -> Void) -> Bool {
        let target = cairo_get_target(pointer)
        guard drawsPixels, cairo_image_surface_get_width(target) >= width, cairo_image_surface_get_height(target) >= height
        else { return false }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return false }
        body(UnsafeMutableRawPointer(data), Int(cairo_image_surface_get_stride(target)))
        cairo_surface_mark_dirty(target)
        return true
    }

    /// The device position of the user-space origin when the transformation is a translation
    /// by whole pixels (nil otherwise, or off the image's top-left side).
    var wholePixelOrigin: (x: Int, y: Int)? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        guard matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0, matrix.x0 >= 0, matrix.y0 >= 0,
              matrix.x0 < 1e6, matrix.y0 < 1e6, matrix.x0.rounded() == matrix.x0, matrix.y0.rounded() == matrix.y0
        else { return nil }
        return (Int(matrix.x0), Int(matrix.y0))
    }

    /// Makes every pixel of the target transparent (whatever its memory held before).
    func clearTarget() {
        cairo_save(pointer)
        cairo_reset_clip(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_CLEAR)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }

    /// Whether the current clip is a set of pixel-aligned rectangles (or no clip): cairo then
    /// draws through it by restricting the pixels touched, with no coverage mask.
    var clipIsRegion: Bool {
        let list = cairo_copy_clip_rectangle_list(pointer)!
        defer { cairo_rectangle_list_destroy(list) }
        return list.pointee.status == CAIRO_STATUS_SUCCESS
    }

    /// Draws `layout` with its top-left corner at `origin` in `colour` the way cairo draws text through an
    /// anti-aliased clip whose coverage is 255 over `box`: the glyphs' coverages are summed
    /// (ADD) into an alpha mask, and the colour is composited through that mask. Without a
    /// clip cairo would composite each glyph separately, and where two glyphs share a pixel
    /// the result differs by a level or two. `box` must contain every pixel the glyphs touch;
    /// only it is masked, so the mask stays small.
    func showThroughCoverageMask(
        _ layout: borrowing PangoLayoutHandle, at origin: (x: Double, y: Double), colour: RGBA, within box: PixelBox
    ) {
        cairo_save(pointer)
        cairo_new_path(pointer)
        // Pixel-aligned: a region clip, which bounds the mask's size and costs no rasterising.
        cairo_rectangle(pointer, Double(box.minX), Double(box.minY), Double(box.maxX - box.minX), Double(box.maxY - box.minY))
        cairo_clip(pointer)
        cairo_push_group_with_content(pointer, CAIRO_CONTENT_ALPHA)
        cairo_set_operator(pointer, CAIRO_OPERATOR_ADD)
        cairo_set_source_rgba(pointer, 1, 1, 1, 1)
        cairo_move_to(pointer, origin.x, origin.y)
        pango_cairo_show_layout(pointer, layout.pointer)
        let coverage = cairo_pop_group(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        setSource(colour)
        cairo_mask(pointer, coverage)
        cairo_pattern_destroy(coverage)
        cairo_restore(pointer)
    }

    /// Uses `surface` as the source, drawn `scale` times its size from the user-space origin,
    /// with `setSource(_:)`'s filter and extension, leaving the transform as it was: a path
    /// built afterwards is filled with the scaled picture.
    func setSource(_ surface: borrowing CairoSurface, scaledBy scale: Double) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        cairo_scale(pointer, scale, scale)
        setSource(surface)
        cairo_set_matrix(pointer, &matrix)
    }
}
