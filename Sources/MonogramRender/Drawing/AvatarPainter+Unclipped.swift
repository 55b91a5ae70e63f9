internal import MonogramCore

/// The face drawn without clipping by its outline, pixel for pixel what the clip gives.
///
/// Cairo rasterises an anti-aliased clip afresh for every operation drawn through it: for a
/// 128 px circle that is most of the drawing's cost, once for the background and again for the
/// text. Instead:
/// * an opaque background on a render's own image is written from the cached coverage
///   (`OutlineCoverage`), every pixel, so the image's memory need not be cleared first;
///   otherwise the outline is filled (a fill and a clipped paint give the same pixels);
/// * text whose pixels all lie where the outline covers 255 is drawn unclipped: glyph by glyph
///   when no two can share a pixel, else through a coverage mask the size of its ink
///   (`showThroughCoverageMask`), which is what cairo does under such a clip;
///   text that reaches the edge, colour emoji, synthetic bold, overlapping glyphs of several
///   runs, and square outlines (a region clip, which costs nothing) keep the clip;
/// * a picture is the outline filled with the scaled picture;
/// * the placeholder silhouette reaches past a circle's edge, so it keeps the clip.
extension AvatarPainter {
    func drawUnclipped(on cairo: borrowing CairoContext, coverage: OutlineCoverage) throws(RenderError) {
        if spec.background.alpha > 0 { fillBackground(on: cairo, coverage: coverage) }
        switch spec.content {
        case .initials(let text):
            try drawInitials(text, on: cairo, outline: coverage)
        case .placeholder:
            cairo.saved {
                cairo.newPath()
                outlinePath(on: cairo)
                cairo.clip()
                drawSilhouette(on: cairo)
            }
        case .picture(let bitmap):
            try drawPicture(bitmap, on: cairo, clipped: false)
        }
    }

    private func fillBackground(on cairo: borrowing CairoContext, coverage: OutlineCoverage) {
        let colour = spec.background, unwritten = canvas == .unwrittenImage
        if unwritten, colour.alpha == 255, spec.gradient == nil,
            cairo.withTargetPixels(width: spec.pixelSize, height: spec.pixelSize, { (pixels, stride) in
                coverage.paint(opaque: colour, into: pixels, stride: stride)
            })
        {
            return
        }
        if canvas == .image, colour.alpha == 255, spec.gradient == nil, let origin = cairo.wholePixelOrigin,
            cairo.withTargetPixels(width: origin.x + spec.pixelSize, height: origin.y + spec.pixelSize, { (pixels, stride) in
                coverage.paint(over: colour, into: pixels + origin.y * stride + origin.x * 4, stride: stride)
            })
        {
            return // a group face (issue 26): the fill's pixels, without rasterising the outline again
        }
        if unwritten { cairo.clearTarget() } // `draw` clears first in every other case; never left unwritten
        cairo.newPath()
        outlinePath(on: cairo)
        setBackgroundSource(on: cairo)
        cairo.fill()
    }

    /// Shows `layout` with its top-left corner at `origin` and its ink at `ink`, as it would
    /// appear through the outline's clip.
    func showClippedByOutline(
        _ layout: borrowing PangoLayoutHandle, at origin: (x: Double, y: Double), ink: TextBox, fontSize: Double,
        coverage: OutlineCoverage, on cairo: borrowing CairoContext
    ) {
        // Glyph images sit at whole pixels (up to half a pixel from the ink) and cover whole
        // pixels; a synthetic bold grows an outline by up to 1/48 em per side. The margin
        // covers both with room to spare.
        // Synthetic bold: cairo's glyph boxes leave out the emboldened ink, which the clip's
        // mask cuts off and an unclipped glyph keeps. Several runs: under the clip each run is
        // composited over the last, where the coverage mask would sum them.
        if !coverage.clipIsRegion, !layout.usesColourFonts, !layout.usesSyntheticBold,
            let box = PixelBox(around: ink, margin: 1 + fontSize / 12), coverage.coversFully(box)
        {
            if layout.glyphsApart(at: origin, margin: 1) {
                // No pixel gets two glyphs: one by one gives the mask's pixels, for less.
                cairo.moveTo(origin.x, origin.y)
                cairo.setSource(spec.foreground)
                cairo.show(layout)
                return
            }
            if !layout.hasSeveralRuns {
                cairo.showThroughCoverageMask(layout, at: origin, colour: spec.foreground, within: box)
                return
            }
        }
        cairo.saved {
            cairo.newPath()
            outlinePath(on: cairo)
            cairo.clip()
            cairo.moveTo(origin.x, origin.y)
            cairo.setSource(spec.foreground)
            cairo.show(layout)
        }
    }
}
