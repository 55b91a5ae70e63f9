/// Every §1 query parameter of a single avatar, validated and with defaults filled in.
///
/// Two requests that mean the same thing produce equal values, so `canonicalKey` can name the
/// cache entry and the ETag regardless of parameter order, spelling of defaults or unknown
/// parameters.
public struct AvatarOptions: Sendable, Hashable {
    public var size: Int = 128
    /// Device pixel ratio: one of 1, 1.5, 2, 3, 4.
    public var dpr: Double = 1
    public var shape: Shape = .square
    /// nil means the colour key's palette colour (in `theme`).
    public var background: Background? = nil
    public var color: RGBA? = nil
    /// Explicit initials (≤ 3 grapheme clusters), shown instead of the computed ones.
    public var initials: String? = nil
    public var length: Int = 2
    public var uppercase: Bool = true
    public var fontSize: Double = 0.5
    /// nil means the configured default font.
    public var font: String? = nil
    /// nil means the configured default weight.
    public var bold: Bool? = nil
    /// The colour key; nil means the name.
    public var id: String? = nil
    public var format: OutputFormat = .png
    public var theme: Theme = .light
    /// `picture`: the URL of the person's picture as given (the service checks it against the
    /// allow-list and may replace it by its normalised form); nil when absent or empty.
    public var picture: String? = nil
    /// `fallback`: what to answer when the picture cannot be used.
    public var fallback: PictureFallback = .initials
    /// `palette`/`colors` (API §10): where the colour key picks from; nil is the default palette.
    public var palette: PaletteChoice? = nil
    /// `gradient` (API §10): the background runs from its colour to a darker one.
    public var gradient: Bool = false
    /// `matte` (API §11): the opaque colour of a JPEG's pixels outside the shape (JPEG has no
    /// alpha). Other formats keep their transparency and ignore it.
    public var matte: RGBA = .white

    public init() {}

    /// Width and height of the image in device pixels.
    public var pixelSize: Int { Int((Double(size) * dpr).rounded()) }

    /// `theme=auto` is one SVG document switched by a CSS media query; a raster image or JSON
    /// cannot carry both variants. Checked once the format is final (a path suffix sets it
    /// after the query is parsed).
    public func checkTheme() throws(OptionsError) {
        guard theme == .auto, format != .svg else { return }
        throw OptionsError(
            parameter: "theme", message: "theme must be light or dark for \(format.rawValue) (auto is for svg only)")
    }
}

/// What to answer when `picture` cannot be used (API §3).
public enum PictureFallback: String, Sendable, Hashable {
    /// Draw the initials avatar (or the placeholder for an empty name).
    case initials
    /// Answer 404, as Gravatar's `d=404` does, so a page can fall back itself.
    case notFound = "404"
}
