internal import MonogramCore

/// Draws one avatar onto any cairo context: the same code produces the PNG pixels and the SVG
/// paths, so the two formats cannot drift apart.
struct AvatarPainter {
    let spec: AvatarSpec
    /// The mask already scaled to `spec.pixelSize`, when the shape is a mask.
    let mask: MaskImage?
    /// What the face is drawn onto, which decides whether it may be drawn without a clip.
    var canvas: Canvas = .any
    /// Where the outlines' coverages come from; nil: always through a clip.
    var outlines: OutlineCoverageCache? = nil

    /// What lies under the face when `draw` starts.
    enum Canvas {
        /// Anything (a vector surface, other clips already set): the face is clipped by its
        /// outline, which is right everywhere.
        case any
        /// A whole ARGB32 image `side` wide at the origin, with no clip, whose memory is not
        /// even cleared (`CairoSurface.InitialPixels.unwritten`): the painter writes every
        /// pixel, an opaque background straight from the outline's coverage with zeros around
        /// it, or clears the image first.
        case unwrittenImage
        /// An ARGB32 image with drawing below and no clip inside the face's box (a group face
        /// under an opaque ring): the background is filled by cairo.
        case image
    }

    var side: Double { Double(spec.pixelSize) }

    func draw(on cairo: borrowing CairoContext) throws(RenderError) {
        let coverage = canvas != .any && mask == nil && cairo.drawsPixels ? try outlines?.coverage(for: self) : nil
        if canvas == .unwrittenImage && (coverage == nil || spec.background.alpha != 255) {
            cairo.clearTarget() // only an opaque background written from the coverage covers every pixel
        }
        if let mask {
            // Draw into a group, then let the mask's coverage decide what reaches the surface.
            try cairo.masked(by: mask) { () throws(RenderError) in try drawFace(on: cairo) }
        } else if let coverage {
            // The same pixels as the clip below, without rasterising the outline per render.
            try drawUnclipped(on: cairo, coverage: coverage)
        } else {
            // An anti-aliased clip: everything outside the outline stays alpha 0 (the surface
            // starts transparent), edge pixels get partial coverage. A new path: after a group's
            // previous face the text's current point is still set, and an arc would start with
            // a line from it.
            cairo.newPath()
            outlinePath(on: cairo)
            cairo.clip()
            try drawFace(on: cairo)
        }
        try cairo.checkStatus()
    }

    /// Background (none when transparent), then the initials, the placeholder silhouette or the
    /// picture (over the background, so a transparent picture shows the person's colour), all
    /// inside the clip already set.
    private func drawFace(on cairo: borrowing CairoContext) throws(RenderError) {
        if spec.background.alpha > 0 {
            setBackgroundSource(on: cairo)
            cairo.paint()
        }
        switch spec.content {
        case .initials(let text):
            try drawInitials(text, on: cairo)
        case .placeholder:
            drawSilhouette(on: cairo)
        case .picture(let bitmap):
            try drawPicture(bitmap, on: cairo)
        }
    }

    /// The outline at the origin, `side` wide: the clip of the face (and, in a group, its ring).
    func outlinePath(on cairo: borrowing CairoContext) {
        switch spec.shape {
        case .square, .mask:
            cairo.rectangle(0, 0, side, side)
        case .circle:
            cairo.arc(side / 2, side / 2, radius: side / 2, from: 0, to: 2 * Double.pi)
        case .rounded(let fraction):
            let radius = min(max(fraction, 0), 0.5) * side
            roundedRectangle(on: cairo, radius: radius)
        }
    }

    private func roundedRectangle(on cairo: borrowing CairoContext, radius r: Double) {
        let s = side
        cairo.newSubPath()
        cairo.arc(s - r, r, radius: r, from: -Double.pi / 2, to: 0)
        cairo.arc(s - r, s - r, radius: r, from: 0, to: Double.pi / 2)
        cairo.arc(r, s - r, radius: r, from: Double.pi / 2, to: Double.pi)
        cairo.arc(r, r, radius: r, from: Double.pi, to: 3 * Double.pi / 2)
        cairo.closePath()
    }
}
