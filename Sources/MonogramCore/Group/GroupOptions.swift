/// Every §2 query parameter of a group avatar, validated and with defaults filled in (the
/// border default is resolved against the size, so `border=4` at size 64 equals no `border`).
///
/// Equal values mean the same image, so `canonicalKey` can name the cache entry and the ETag.
public struct GroupOptions: Sendable, Hashable {
    /// Largest `size` a group accepts (the configured `render.max_size` can lower it).
    public static let largestSize = 512
    /// Most names one group may list.
    public static let maxNames = 100
    /// Most pixels a group image may have: the same memory bound as the largest single avatar.
    public static let maxPixels = 4096 * 4096

    /// Height of one face in CSS px (16…512).
    public var size: Int = 64
    /// Device pixel ratio: one of 1, 1.5, 2, 3, 4.
    public var dpr: Double = 1
    /// Faces drawn at most (1…10).
    public var max: Int = 3
    /// Fraction of a face covered by the one before it (0…0.9).
    public var overlap: Double = 0.3
    /// Ring width in CSS px (0…size/4); see `defaultBorder(size:)`.
    public var border: Int = 4
    /// Ring colour; alpha 0 (`transparent`) cuts the ring out of the faces below.
    public var borderColor: RGBA = .white
    /// Whether to add the `+N` bubble when some names are not drawn.
    public var more: Bool = false
    /// `.circle`, `.square` or `.rounded` (masks are not offered for groups).
    public var shape: Shape = .circle
    public var length: Int = 2
    public var uppercase: Bool = true
    public var fontSize: Double = 0.5
    /// nil means the configured default font.
    public var font: String? = nil
    /// nil means the configured default weight.
    public var bold: Bool? = nil
    public var format: OutputFormat = .png
    /// Applied to every face and the bubble, as `theme` for `/avatar`.
    public var theme: Theme = .light
    /// The i-th entry is the i-th name's picture URL; nil (an empty value) means none. Never
    /// longer than the list of names; names past its end have no picture.
    public var pictures: [String?] = []
    /// `total` (API §10): how many people the row stands for; nil means the number of names.
    /// Never below the number of names (nor equal to it: that is nil, one value per meaning).
    public var total: Int? = nil
    /// `id`, repeating like `picture`: the i-th entry is the i-th face's colour key; nil (an
    /// empty value) means that face's name. Never longer than the list of names.
    public var ids: [String?] = []
    /// `dir`: the first face leftmost (`ltr`) or rightmost (`rtl`), on top either way.
    public var direction: GroupDirection = .leftToRight
    /// `distinct`: no two drawn faces share a background colour when the palette allows it.
    public var distinct: Bool = false
    /// `palette`/`colors` and `gradient`, applied to every face as for `/avatar`.
    public var palette: PaletteChoice? = nil
    public var gradient: Bool = false
    /// `matte` (API §11): a JPEG's colour outside the faces, as for `/avatar`.
    public var matte: RGBA = .white

    public init() {}

    /// `size / 16` rounded half up, at least 1 (64 → 4, 40 → 3, 16 → 1).
    public static func defaultBorder(size: Int) -> Int {
        Swift.max(1, (size + 8) / 16)
    }

    /// Largest `border` accepted at `size`: a quarter of it, rounded down.
    public static func maxBorder(size: Int) -> Int { size / 4 }

    /// `theme=auto` only for SVG, as for `/avatar` (see `AvatarOptions.checkTheme`).
    public func checkTheme() throws(OptionsError) {
        var avatar = AvatarOptions()
        (avatar.theme, avatar.format) = (theme, format)
        try avatar.checkTheme()
    }

    /// Faces drawn for `count` names.
    public func shown(count: Int) -> Int { Swift.min(count, max) }

    /// People the row stands for but does not draw: `total` (else `count`) minus the faces
    /// drawn. The `+N` bubble and the alt text count these.
    public func hidden(count: Int) -> Int { Swift.max(0, (total ?? count) - shown(count: count)) }

    /// The geometry for `count` names.
    public func layout(count: Int) -> GroupLayout {
        let bubble = more && hidden(count: count) > 0 ? 1 : 0
        return GroupLayout(
            size: size, dpr: dpr, overlap: overlap, border: border, slots: shown(count: count) + bubble,
            rightToLeft: direction == .rightToLeft)
    }

    /// The colour key of the face drawn for `names[index]`: its `id` if one was given, else
    /// the name (what `/avatar/{name}?id=…` would use, so the colours agree).
    public func colorKey(ofFace index: Int, names: [String]) -> String {
        (index < ids.count ? ids[index] : nil) ?? names[index]
    }
}
