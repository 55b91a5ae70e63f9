/// Everything the renderer needs to draw one face, fully resolved: no defaults left, no names,
/// no configuration. Equal specs draw identical pixels.
public struct AvatarSpec: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// Text to draw centred (already computed initials, case applied).
        case initials(String)
        /// The neutral person silhouette shown for an empty name.
        case placeholder
        /// The person's picture, drawn over the background and clipped to the shape.
        case picture(PictureBitmap)
    }

    /// Width and height in device pixels (`size × dpr`).
    public var pixelSize: Int
    public var shape: Shape
    public var background: RGBA
    public var foreground: RGBA
    public var content: Content
    /// A family name from the configured allow-list (fontconfig resolves it, with script fallback).
    public var fontFamily: String
    public var bold: Bool
    /// Text size as a fraction of `pixelSize` (0.1…1.0).
    public var fontScale: Double
    /// `theme=auto`: the colours a viewer who prefers a dark scheme sees instead of
    /// `background`/`foreground` (the SVG carries both); nil when there is only one variant.
    public var darkVariant: FaceColors?
    /// `gradient=true`: the background runs from `gradient.start` (= `background`) to its end;
    /// nil draws `background` flat.
    public var gradient: Gradient?
    /// Moves the text's centre right (negative: left) by this fraction of the side; the text
    /// still fits the shape. The `+N` bubble of a group uses it to centre a long count in the
    /// part the face above leaves visible. 0 for every avatar.
    public var textOffset: Double = 0

    public init(
        pixelSize: Int, shape: Shape, background: RGBA, foreground: RGBA, content: Content,
        fontFamily: String, bold: Bool, fontScale: Double, darkVariant: FaceColors? = nil, gradient: Gradient? = nil
    ) {
        self.gradient = gradient
        self.pixelSize = pixelSize
        self.shape = shape
        self.background = background
        self.foreground = foreground
        self.content = content
        self.fontFamily = fontFamily
        self.bold = bold
        self.fontScale = fontScale
        self.darkVariant = darkVariant
    }
}
