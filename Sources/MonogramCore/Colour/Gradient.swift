/// `gradient=true` (API §10): a linear gradient from a face's colour to a darker variant of it,
/// at an angle taken from the colour key.
///
/// The darker end scales every sRGB channel of the start by the same factor, so along the
/// gradient each channel only falls and the relative luminance moves monotonically from one end
/// to the other: text that reaches 4.5:1 against both ends reaches it at every point between.
public struct Gradient: Sendable, Hashable {
    /// The colour at the start of the gradient line (the face's palette or given colour).
    public var start: RGBA
    /// The darker colour at its end.
    public var end: RGBA
    /// CSS convention: 0 runs bottom to top, 90 left to right, clockwise, in 15° steps.
    public var angle: Int

    public init(start: RGBA, end: RGBA, angle: Int) {
        (self.start, self.end, self.angle) = (start, end, angle)
    }

    /// How much darker the end is at most: every channel × 0.7.
    public static let darkest = 0.7

    /// The angle for a colour key: 24 directions, from bits of the key's hash that the palette
    /// pick (`hash % count`) hardly uses.
    public static func angle(forKey key: String) -> Int {
        Int((ColorKey.hash(key) >> 40) % 24) * 15
    }

    /// `start` with every channel times `factor` (rounded down; alpha kept).
    public static func scaled(_ start: RGBA, by factor: Double) -> RGBA {
        func scale(_ channel: UInt8) -> UInt8 { UInt8((Double(channel) * factor).rounded(.down)) }
        return RGBA(red: scale(start.red), green: scale(start.green), blue: scale(start.blue), alpha: start.alpha)
    }

    /// The gradient for `start` and the text colour to draw on it (`given`, if the request
    /// chose one). Without a given colour the text is white when white reaches 4.5:1 on the
    /// start, the lighter end (then on the darker end too); otherwise a dark text colour, and
    /// the end only as dark as keeps that text at 4.5:1.
    public static func make(start: RGBA, angle: Int, given: RGBA?) -> (gradient: Gradient, text: RGBA) {
        let opaque = start.opaque
        if let given { return (Gradient(start: start, end: scaled(start, by: darkest), angle: angle), given) }
        let text = Contrast.readableTextColor(on: opaque)
        if text == .white { return (Gradient(start: start, end: scaled(start, by: darkest), angle: angle), text) }
        var factor = darkest
        while factor < 1, Contrast.ratio(text, scaled(opaque, by: factor)) < 4.5 { factor += 0.02 }
        return (Gradient(start: start, end: factor >= 1 ? start : scaled(start, by: factor), angle: angle), text)
    }
}
