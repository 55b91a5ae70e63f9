internal import CPangoCairo

#if canImport(Glibc)
    private import Glibc
#elseif canImport(Darwin)
    private import Darwin
#endif

/// One PangoFontMap + PangoContext per thread, created on first use and freed when the thread
/// exits. Pango font maps and contexts are not thread-safe, and a lock around them would
/// serialise every render; per-thread state lets N cores shape text in parallel while each
/// thread still reuses its warm font and glyph caches across renders.
///
/// Deliberately not Sendable: an instance is only ever touched by the thread that created it.
final class PangoThreadState {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    /// The layout and font description of the initials, reused by every render on this
    /// thread (creating and freeing a layout costs more than giving it new text). One render
    /// uses them at a time: faces of a group are drawn one after another.
    let layout: PangoLayoutHandle
    let font = PangoFontDescriptionHandle(family: "", bold: false)
    /// `TextReference` bands by font and letter, in ems relative to the baseline: fonts are
    /// allow-listed and letters few, so this stays a handful of entries per thread.
    private var referenceBands: [ReferenceKey: (top: Double, bottom: Double)] = [:]

    private struct ReferenceKey: Hashable {
        var family: String
        var bold: Bool
        var letter: String
    }

    private init() {
        fontMap = pango_cairo_font_map_new()!
        context = pango_font_map_create_context(fontMap)!
        // Fixed font options so PNGs are identical on every machine and every thread, and the
        // same as the SVG outlines: greyscale anti-aliasing, no hinting, unrounded metrics.
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        // pango_layout_new fails only when out of memory, as the context above would have.
        do { layout = try PangoLayoutHandle(context: context) } catch { fatalError("pango_layout_new failed") }
    }

    /// The ink band of `letter` in the font, top and bottom as distances below the baseline
    /// per pixel of em size (the top is negative). Measured once per thread at a large size:
    /// unhinted outlines scale linearly.
    func referenceBand(letter: String, family: String, bold: Bool) throws(RenderError) -> (top: Double, bottom: Double) {
        let key = ReferenceKey(family: family, bold: bold, letter: letter)
        if let band = referenceBands[key] { return band }
        let size = 256.0
        let font = PangoFontDescriptionHandle(family: family, bold: bold)
        font.setSize(size)
        let layout = try PangoLayoutHandle(context: context, text: letter)
        layout.setFont(font)
        let ink = layout.inkExtents, baseline = layout.baseline
        let band = ink.isEmpty ? (top: -0.7, bottom: 0.0) : (top: (ink.minY - baseline) / size, bottom: (ink.maxY - baseline) / size)
        referenceBands[key] = band
        return band
    }

    deinit {
        monogram_context_unref(context)
        monogram_font_map_unref(fontMap)
    }

    /// The thread-specific key; its destructor releases the state when a thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<PangoThreadState>.fromOpaque(pointer).release()
        }
        precondition(result == 0, "pthread_key_create failed")
        return key
    }()

    /// This thread's state, created on first use.
    static var current: PangoThreadState {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<PangoThreadState>.fromOpaque(existing).takeUnretainedValue()
        }
        let state = PangoThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }
}
