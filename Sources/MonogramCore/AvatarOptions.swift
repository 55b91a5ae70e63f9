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
    public var background: RGBA? = nil
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

    public init() {}

    /// Width and height of the image in device pixels.
    public var pixelSize: Int { Int((Double(size) * dpr).rounded()) }
}
