internal import MonogramCore

extension AvatarPainter {
    /// The neutral "no name" face: a head circle over a shoulders half-ellipse, proportions
    /// relative to the side so it scales with the image and sits well inside a circle too.
    func drawSilhouette(on cairo: borrowing CairoContext) {
        let s = side
        cairo.setSource(spec.foreground)
        cairo.newPath()
        cairo.arc(0.5 * s, 0.39 * s, radius: 0.17 * s, from: 0, to: 2 * Double.pi)
        cairo.fill()

        // Shoulders: the top half of an ellipse whose centre sits near the bottom edge. The
        // path keeps its device coordinates after the restore; the fill uses them.
        cairo.saved {
            cairo.translate(0.5 * s, 0.98 * s)
            cairo.scale(0.33 * s, 0.36 * s)
            cairo.newPath()
            cairo.arc(0, 0, radius: 1, from: Double.pi, to: 2 * Double.pi)
            cairo.closePath()
        }
        cairo.fill()
    }
}
