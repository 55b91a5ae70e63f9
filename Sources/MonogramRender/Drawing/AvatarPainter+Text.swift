internal import MonogramCore

extension AvatarPainter {
    /// Lays out `text` with pango (fontconfig fallback picks a font per script, HarfBuzz
    /// shapes Arabic/Indic/emoji sequences, bidi picks the direction) and places it.
    ///
    /// Vertically the line sits by the font's metrics, not by the ink of these particular
    /// letters: the band of the script's reference letter (`TextReference`: cap height to
    /// baseline for Latin) is centred, so `É`, `Å`, `Ø` and a descending `J` leave the line
    /// where `E` puts it. Horizontally the ink is centred (letters differ in width, and a
    /// side bearing is not something a reader sees). Scripts without such a line are centred
    /// by their ink. Whatever the rule, the ink must fit `TextSafeArea`; if it would not (a
    /// tall stack of marks, three wide capitals at font-size 1.0) the text is shrunk about
    /// the centre until it does.
    ///
    /// With `outline`, no clip is set yet and the text is shown as the outline's clip would
    /// show it (`showClippedByOutline`); without, it is drawn through whatever clip is set.
    func drawInitials(_ text: String, on cairo: borrowing CairoContext, outline: OutlineCoverage? = nil) throws(RenderError) {
        // Every pango and cairo call below may look glyphs up (see `GlyphCacheLock`).
        try GlyphCacheLock.withLock { () throws(RenderError) in try layOutAndShow(text, on: cairo, outline: outline) }
    }

    private func layOutAndShow(_ text: String, on cairo: borrowing CairoContext, outline: OutlineCoverage?) throws(RenderError) {
        let thread = PangoThreadState.current
        cairo.updatePangoContext(thread.context)
        thread.layout.setText(AvatarPainter.separatingInitials(text))
        thread.font.set(family: spec.fontFamily, bold: spec.bold)
        var fontSize = min(max(spec.fontScale, 0.05), 1.0) * side
        thread.font.setSize(fontSize)
        thread.layout.setFont(thread.font)

        var ink = thread.layout.inkExtents
        guard !ink.isEmpty else { return } // whitespace: nothing to draw
        let band = try TextReference.letter(for: text).map { (letter) throws(RenderError) in
            try thread.referenceBand(letter: letter, family: spec.fontFamily, bold: spec.bold)
        }
        let safeArea = TextSafeArea(shape: spec.shape, side: side, mask: mask)
        var origin = placement(ink: ink, baseline: thread.layout.baseline, band: band, fontSize: fontSize)
        // Every position is relative to the centre and proportional to the size, so one
        // correction is exact up to rounding inside pango; the loop catches that rounding.
        for _ in 0..<3 {
            let scale = safeArea.fittingScale(for: ink.offsetBy(x: origin.x, y: origin.y))
            guard scale < 1 else { break }
            fontSize *= scale * 0.995
            thread.font.setSize(fontSize)
            thread.layout.setFont(thread.font)
            ink = thread.layout.inkExtents
            origin = placement(ink: ink, baseline: thread.layout.baseline, band: band, fontSize: fontSize)
        }
        if let outline {
            showClippedByOutline(
                thread.layout, at: origin, ink: ink.offsetBy(x: origin.x, y: origin.y), fontSize: fontSize, coverage: outline,
                on: cairo)
            return
        }
        cairo.moveTo(origin.x, origin.y)
        cairo.setSource(spec.foreground) // colour-emoji glyphs keep their own colours
        cairo.show(thread.layout)
    }

    /// The layout's top-left corner: ink centred horizontally; vertically the reference
    /// band centred (baseline at centre + half the band), or the ink without a band.
    private func placement(
        ink: TextBox, baseline: Double, band: (top: Double, bottom: Double)?, fontSize: Double
    ) -> (x: Double, y: Double) {
        let x = side / 2 + spec.textOffset * side - (ink.minX + ink.maxX) / 2
        guard let band else { return (x, side / 2 - (ink.minY + ink.maxY) / 2) }
        let baselineY = side / 2 - fontSize * (band.top + band.bottom) / 2
        return (x, baselineY - baseline)
    }
}

extension AvatarPainter {
    /// Each initial stands alone: a ZERO WIDTH NON-JOINER between clusters keeps Arabic letters
    /// in their isolated forms (م ع, not the word مع) and stops ligatures or conjuncts forming
    /// across two people's initials. It has no effect on scripts that do not join.
    static func separatingInitials(_ text: String) -> String {
        guard text.count > 1 else { return text }
        return text.map(String.init).joined(separator: "\u{200C}")
    }
}
