internal import MonogramCore

/// Draws a group of overlapping faces onto any cairo context (PNG pixels and SVG paths alike),
/// each face with `AvatarPainter`, so a face is the person's own avatar shrunk into its ring.
///
/// Slots are painted from the last to the first, so the leftmost face ends on top. An opaque
/// ring is simply painted under its face and over the faces below. A ring that is not opaque
/// (`transparent`, or a colour with alpha) must not let the faces below show through, so each
/// lower face is instead clipped to outside the outlines of the faces above it: the ring is
/// cut out of it (knock-out). Clips rather than the CLEAR/SOURCE operators keep the SVG
/// vector: cairo's SVG 1.1 surface rasterises any operator but OVER.
struct GroupPainter {
    let spec: GroupSpec
    /// Lets faces not under a knock-out clip be drawn without their own clip (see
    /// `AvatarPainter.Canvas.image`); nil: every face is clipped.
    var outlines: OutlineCoverageCache? = nil

    func draw(on cairo: borrowing CairoContext) throws(RenderError) {
        let layout = spec.layout
        let slots = spec.slots
        let knockOut = layout.border > 0 && spec.ring.alpha < 255
        let outer = outerBox
        for slot in slots.indices.reversed() {
            try cairo.saved { () throws(RenderError) in
                if knockOut {
                    for upper in 0..<slot where (slot - upper) * layout.step < layout.side {
                        clipOutside(slot: upper, box: outer, on: cairo)
                    }
                }
                cairo.translate(Double(layout.left(ofSlot: slot)), 0)
                var face = slots[slot]
                face.shape = spec.shape
                face.pixelSize = layout.innerSide
                let inner = AvatarPainter(spec: face, mask: nil, canvas: knockOut ? .any : .image, outlines: outlines)
                if layout.border > 0, !knockOut, spec.ring.alpha == 255, let coverage = try outlines?.coverage(for: outer),
                    cairo.drawsPixels, let origin = cairo.wholePixelOrigin,
                    cairo.withTargetPixels(width: origin.x + layout.side, height: origin.y + layout.side, { (pixels, stride) in
                        coverage.paint(over: spec.ring, into: pixels + origin.y * stride + origin.x * 4, stride: stride)
                    })
                {
                    // An opaque ring from the cached coverage: the fill's pixels (issue 26).
                } else if layout.border > 0 && spec.ring.alpha > 0 {
                    cairo.newPath()
                    outer.outlinePath(on: cairo)
                    if knockOut {
                        // Only the band between the two outlines, so a translucent ring shows the
                        // page through it rather than this face's own background.
                        cairo.translate(Double(layout.border), Double(layout.border))
                        cairo.newSubPath() // no line joining the two outlines
                        inner.outlinePath(on: cairo)
                        cairo.translate(-Double(layout.border), -Double(layout.border))
                        cairo.setFillRule(.evenOdd)
                    }
                    cairo.setSource(spec.ring)
                    cairo.fill()
                    cairo.setFillRule(.winding)
                }
                cairo.translate(Double(layout.border), Double(layout.border))
                try inner.draw(on: cairo)
            }
        }
        try cairo.checkStatus()
    }

    /// The painter of a whole face box, used only for its outline (`renderGroup` guarantees
    /// at least one face).
    private var outerBox: AvatarPainter {
        var box = spec.faces[0]
        box.shape = spec.shape
        box.pixelSize = spec.layout.side
        return AvatarPainter(spec: box, mask: nil)
    }

    /// Restricts drawing to outside the outline of the face box in `slot` (even-odd: the
    /// whole image minus that outline). Successive clips intersect.
    private func clipOutside(slot: Int, box: AvatarPainter, on cairo: borrowing CairoContext) {
        cairo.newPath()
        cairo.rectangle(0, 0, Double(spec.layout.width), Double(spec.layout.height))
        cairo.saved {
            cairo.translate(Double(spec.layout.left(ofSlot: slot)), 0)
            cairo.newSubPath() // a circle's arc would otherwise start with a line from the rectangle
            box.outlinePath(on: cairo)
        } // the path keeps its device coordinates
        cairo.setFillRule(.evenOdd)
        cairo.clip()
        cairo.setFillRule(.winding)
    }
}
