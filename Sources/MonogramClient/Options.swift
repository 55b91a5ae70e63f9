/// The parameters of `/avatar/{name}` (API §1, §10, §11); `nil` leaves the server's default.
///
/// Property names are the JavaScript client's (`fontSize` is `font-size`); both clients build
/// the same URL from the same options (clients/cases.json). Colours are hex (`RGB`, `RRGGBB`,
/// `RRGGBBAA`, with or without `#`, sent lower case without `#`); `bg` also takes `transparent`.
/// Values are checked for their form when the URL is built; ranges that the server's
/// configuration sets (the largest `size`, fonts, masks) are the server's to check.
public struct AvatarOptions: Sendable, Equatable, Codable {
    /// Width = height in CSS px, 16…1024.
    public var size: Int?
    /// Device pixel ratio: 1, 1.5, 2, 3 or 4.
    public var dpr: Double?
    public var shape: Shape?
    /// Corner radius as a fraction of size (0…0.5), for `rounded`.
    public var radius: Double?
    public var bg: String?
    public var color: String?
    public var initials: String?
    public var length: Int?
    public var uppercase: Bool?
    /// Text size as a fraction of size (0.1…1): `font-size`.
    public var fontSize: Double?
    public var font: String?
    public var bold: Bool?
    /// The colour key: one person, one colour, whatever name is shown.
    public var id: String?
    /// Sent as the path's suffix (`.png`, …, `.jpg`).
    public var format: Format?
    public var theme: Theme?
    public var palette: String?
    /// 2…32 hex colours: a one-off palette.
    public var colors: [String]?
    public var gradient: Bool?
    /// The colour outside the shape in JPEG answers.
    public var matte: String?
    /// An absolute http(s) URL on a host the server allows.
    public var picture: String?
    public var fallback: Fallback?
    /// Appended as given, e.g. `[["v", "2"]]` to bust caches.
    public var extra: [[String]]?

    public init(
        size: Int? = nil, dpr: Double? = nil, shape: Shape? = nil, radius: Double? = nil, bg: String? = nil,
        color: String? = nil, initials: String? = nil, length: Int? = nil, uppercase: Bool? = nil,
        fontSize: Double? = nil, font: String? = nil, bold: Bool? = nil, id: String? = nil, format: Format? = nil,
        theme: Theme? = nil, palette: String? = nil, colors: [String]? = nil, gradient: Bool? = nil,
        matte: String? = nil, picture: String? = nil, fallback: Fallback? = nil, extra: [[String]]? = nil
    ) {
        self.size = size; self.dpr = dpr; self.shape = shape; self.radius = radius; self.bg = bg
        self.color = color; self.initials = initials; self.length = length; self.uppercase = uppercase
        self.fontSize = fontSize; self.font = font; self.bold = bold; self.id = id; self.format = format
        self.theme = theme; self.palette = palette; self.colors = colors; self.gradient = gradient
        self.matte = matte; self.picture = picture; self.fallback = fallback; self.extra = extra
    }
}

/// The parameters of `/group/{names}` (API §2, §10). `ids[i]` and `pictures[i]` belong to the
/// i-th name (`nil` or empty for none). In `likedBy`, `max` (1…3) and `total` mean the row's.
public struct GroupOptions: Sendable, Equatable, Codable {
    /// Diameter (height) of one face, 16…512.
    public var size: Int?
    public var dpr: Double?
    public var max: Int?
    public var overlap: Double?
    public var border: Int?
    /// Hex or `transparent`: `border-color`.
    public var borderColor: String?
    public var more: Bool?
    public var total: Int?
    public var dir: Direction?
    public var radius: Double?
    /// `circle`, `square` or `rounded` (masks are for single avatars).
    public var shape: Shape?
    public var length: Int?
    public var uppercase: Bool?
    public var fontSize: Double?
    public var font: String?
    public var bold: Bool?
    public var format: Format?
    public var theme: Theme?
    public var palette: String?
    public var colors: [String]?
    public var gradient: Bool?
    public var matte: String?
    public var ids: [String?]?
    public var pictures: [String?]?
    public var extra: [[String]]?

    public init(
        size: Int? = nil, dpr: Double? = nil, max: Int? = nil, overlap: Double? = nil, border: Int? = nil,
        borderColor: String? = nil, more: Bool? = nil, total: Int? = nil, dir: Direction? = nil, radius: Double? = nil,
        shape: Shape? = nil, length: Int? = nil, uppercase: Bool? = nil, fontSize: Double? = nil, font: String? = nil,
        bold: Bool? = nil, format: Format? = nil, theme: Theme? = nil, palette: String? = nil, colors: [String]? = nil,
        gradient: Bool? = nil, matte: String? = nil, ids: [String?]? = nil, pictures: [String?]? = nil, extra: [[String]]? = nil
    ) {
        self.size = size; self.dpr = dpr; self.max = max; self.overlap = overlap; self.border = border
        self.borderColor = borderColor; self.more = more; self.total = total; self.dir = dir; self.radius = radius
        self.shape = shape; self.length = length; self.uppercase = uppercase; self.fontSize = fontSize; self.font = font
        self.bold = bold; self.format = format; self.theme = theme; self.palette = palette; self.colors = colors
        self.gradient = gradient; self.matte = matte; self.ids = ids; self.pictures = pictures; self.extra = extra
    }
}

/// `/gravatar/{hash}` parameters (API §7), sent as Gravatar's short names (`s`, `d`, `f`, `r`).
public struct GravatarOptions: Sendable, Equatable, Codable {
    /// `s`: 1…2048 px (the server clamps it into its own range).
    public var size: Int?
    /// `d`: what an unknown hash draws.
    public var fallback: GravatarDefault?
    /// `f=y`: the default even for a known hash.
    public var forceDefault: Bool?
    /// `r`: accepted and ignored by Monogram.
    public var rating: String?
    /// For `d=initials` (ignored while the server requires signatures).
    public var name: String?
    public var initials: String?
    /// `.png` or `.jpeg` (sent as `.jpg`).
    public var format: Format?
    public var extra: [[String]]?

    public init(
        size: Int? = nil, fallback: GravatarDefault? = nil, forceDefault: Bool? = nil, rating: String? = nil,
        name: String? = nil, initials: String? = nil, format: Format? = nil, extra: [[String]]? = nil
    ) {
        self.size = size; self.fallback = fallback; self.forceDefault = forceDefault; self.rating = rating
        self.name = name; self.initials = initials; self.format = format; self.extra = extra
    }
}
