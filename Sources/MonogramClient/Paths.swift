import Foundation

/// Request targets (`/avatar/…?…`, unsigned) in the canonical parameter order, byte for byte
/// what clients/js/monogram.mjs builds.
public enum MonogramPath {
    /// `/avatar/{name}[.suffix]?…`; the empty name draws the placeholder.
    public static func avatar(_ name: String, _ o: AvatarOptions = AvatarOptions()) throws(MonogramClientError) -> String {
        var pairs: [(String, String)] = []
        if let size = o.size { pairs.append(("size", "\(size)")) }
        if let dpr = o.dpr { pairs.append(("dpr", try URLText.density(dpr))) }
        if let shape = o.shape { pairs.append(("shape", try URLText.shape(shape, masks: true))) }
        if let radius = o.radius { pairs.append(("radius", try URLText.decimal(radius, "radius"))) }
        if let bg = o.bg { pairs.append(("bg", try URLText.color(bg, "bg", transparent: true))) }
        if let color = o.color { pairs.append(("color", try URLText.color(color, "color"))) }
        if let initials = o.initials { pairs.append(("initials", initials)) }
        try text(length: o.length, uppercase: o.uppercase, fontSize: o.fontSize, font: o.font, bold: o.bold, into: &pairs)
        if let id = o.id { pairs.append(("id", id)) }
        try colour(theme: o.theme, palette: o.palette, colors: o.colors, gradient: o.gradient, matte: o.matte, into: &pairs)
        if let picture = o.picture { pairs.append(("picture", picture)) }
        if let fallback = o.fallback { pairs.append(("fallback", fallback.rawValue)) }
        try URLText.extra(o.extra, into: &pairs)
        return URLText.target("/avatar/" + URLText.segment(URLText.name(name), format: o.format), pairs)
    }

    /// `/group/{name1},{name2},…[.suffix]?…` for 1…100 names ("" draws the placeholder).
    public static func group(_ names: [String], _ o: GroupOptions = GroupOptions()) throws(MonogramClientError) -> String {
        guard (1...100).contains(names.count) else { throw MonogramClientError("names", "a group lists 1 to 100 names") }
        var pairs: [(String, String)] = []
        if let size = o.size { pairs.append(("size", "\(size)")) }
        if let dpr = o.dpr { pairs.append(("dpr", try URLText.density(dpr))) }
        if let max = o.max { pairs.append(("max", "\(max)")) }
        if let overlap = o.overlap { pairs.append(("overlap", try URLText.decimal(overlap, "overlap"))) }
        if let border = o.border { pairs.append(("border", "\(border)")) }
        if let ring = o.borderColor { pairs.append(("border-color", try URLText.color(ring, "borderColor", transparent: true))) }
        if let more = o.more { pairs.append(("more", "\(more)")) }
        if let total = o.total { pairs.append(("total", "\(total)")) }
        if let dir = o.dir { pairs.append(("dir", dir.rawValue)) }
        if let radius = o.radius { pairs.append(("radius", try URLText.decimal(radius, "radius"))) }
        if let shape = o.shape { pairs.append(("shape", try URLText.shape(shape, masks: false))) }
        try text(length: o.length, uppercase: o.uppercase, fontSize: o.fontSize, font: o.font, bold: o.bold, into: &pairs)
        try colour(theme: o.theme, palette: o.palette, colors: o.colors, gradient: o.gradient, matte: o.matte, into: &pairs)
        for (parameter, list) in [("id", o.ids), ("picture", o.pictures)] {
            guard let list else { continue }
            guard list.count <= names.count else {
                throw MonogramClientError(parameter, "is given more often than there are names")
            }
            // Trailing empty values say nothing: the i-th value belongs to the i-th name.
            let last = (list.lastIndex(where: { !($0 ?? "").isEmpty }) ?? -1) + 1
            for value in list[..<last] { pairs.append((parameter, value ?? "")) }
        }
        try URLText.extra(o.extra, into: &pairs)
        let joined = names.map(URLText.name).joined(separator: ",")
        return URLText.target("/group/" + URLText.segment(joined, format: o.format), pairs)
    }

    /// `/gravatar/{hash}[.png|.jpg]?…` for a 32- or 64-hex-digit hash (`gravatarHash(email:)`).
    public static func gravatar(_ hash: String, _ o: GravatarOptions = GravatarOptions()) throws(MonogramClientError) -> String {
        guard [32, 64].contains(hash.utf8.count), hash.utf8.allSatisfy({ $0 < 0x80 && Character(UnicodeScalar($0)).isHexDigit }) else {
            throw MonogramClientError("hash", "must be 32 or 64 hex digits")
        }
        guard o.format == nil || o.format == .png || o.format == .jpeg else {
            throw MonogramClientError("format", "must be png or jpeg for /gravatar")
        }
        var pairs: [(String, String)] = []
        if let size = o.size { pairs.append(("s", "\(size)")) }
        if let fallback = o.fallback {
            if case .url(let url) = fallback, !(url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://")) {
                throw MonogramClientError("fallback", "must be a Gravatar default or an http(s) URL")
            }
            pairs.append(("d", fallback.value))
        }
        if o.forceDefault == true { pairs.append(("f", "y")) }
        if let rating = o.rating { pairs.append(("r", rating)) }
        if let name = o.name { pairs.append(("name", name)) }
        if let initials = o.initials { pairs.append(("initials", initials)) }
        try URLText.extra(o.extra, into: &pairs)
        return URLText.target("/gravatar/" + URLText.segment(hash.lowercased(), format: o.format), pairs)
    }

    /// Gravatar's SHA-256 hash (hex) of an e-mail address, trimmed and lower-cased.
    public static func gravatarHash(email: String) -> String {
        let normalized = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return SHA256.hash(Array(normalized.utf8)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// A "liked by" row: the first `options.max` (1…3, default 3) users as faces, with their
    /// colour keys and pictures, and a `+N` bubble counting the rest of `options.total`
    /// (default: the number of users). A user without a picture shows initials, or with
    /// `withoutPicture: .placeholder` the neutral placeholder face. No users: one placeholder.
    public static func likedBy(
        _ users: [User], _ options: GroupOptions = GroupOptions(), withoutPicture: LikedByFace = .initials
    ) throws(MonogramClientError) -> String {
        if let max = options.max, !(1...3).contains(max) {
            throw MonogramClientError("max", "must be 1, 2 or 3 (faces in a liked-by row)")
        }
        let shown = users.prefix(options.max ?? 3).map { user in
            withoutPicture == .placeholder && (user.picture ?? "").isEmpty ? User() : user
        }
        let count = options.total ?? users.count
        guard count >= shown.count else { throw MonogramClientError("total", "must be at least the number of users shown") }
        var o = options
        o.total = nil
        o.more = nil
        o.ids = shown.contains(where: { $0.id != nil && $0.id != "" }) ? shown.map(\.id) : nil
        o.pictures = shown.contains(where: { $0.picture != nil && $0.picture != "" }) ? shown.map(\.picture) : nil
        if count > shown.count {
            o.more = true
            o.total = count
        }
        return try group(shown.isEmpty ? [""] : shown.map { $0.name ?? "" }, o)
    }

    /// An AvatarImageView-style configuration: each property is one parameter (docs/clients.md).
    public static func avatarView(_ c: AvatarViewConfiguration) throws(MonogramClientError) -> String {
        try avatar(c.name ?? "", AvatarOptions(
            size: c.pointSize, dpr: c.scale, shape: c.shape, radius: c.cornerRadius, bg: c.bgColor, color: c.textColor,
            initials: c.initials, fontSize: c.textSizeFactor, font: c.fontName, bold: c.bold, id: c.avatarId,
            format: c.format, theme: c.theme, picture: c.pictureURL))
    }

    private static func text(
        length: Int?, uppercase: Bool?, fontSize: Double?, font: String?, bold: Bool?, into pairs: inout [(String, String)]
    ) throws(MonogramClientError) {
        if let length { pairs.append(("length", "\(length)")) }
        if let uppercase { pairs.append(("uppercase", "\(uppercase)")) }
        if let fontSize { pairs.append(("font-size", try URLText.decimal(fontSize, "fontSize"))) }
        if let font { pairs.append(("font", font)) }
        if let bold { pairs.append(("bold", "\(bold)")) }
    }

    private static func colour(
        theme: Theme?, palette: String?, colors: [String]?, gradient: Bool?, matte: String?, into pairs: inout [(String, String)]
    ) throws(MonogramClientError) {
        if let theme { pairs.append(("theme", theme.rawValue)) }
        if let palette { pairs.append(("palette", palette)) }
        if let colors { pairs.append(("colors", try URLText.palette(colors))) }
        if let gradient { pairs.append(("gradient", "\(gradient)")) }
        if let matte { pairs.append(("matte", try URLText.color(matte, "matte"))) }
    }
}

/// What a "liked by" face shows for a user without a picture.
public enum LikedByFace: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user's initials on their colour.
    case initials
    /// The neutral placeholder silhouette, as apps show for users without a picture.
    case placeholder
}

/// A person in a "liked by" row: no name draws the placeholder face; `id` is the colour key;
/// `picture` an absolute http(s) URL on a host the server allows.
public struct User: Sendable, Equatable, Codable {
    public var name: String?
    public var id: String?
    public var picture: String?

    public init(name: String? = nil, id: String? = nil, picture: String? = nil) {
        self.name = name
        self.id = id
        self.picture = picture
    }
}

/// The properties of an iOS `AvatarImageView`, each mapped onto one URL parameter:
/// `name` → path, `initials` → `initials`, `avatarId` → `id`, `bgColor` → `bg`, `textColor` →
/// `color`, `shape` → `shape` (masks by name), `cornerRadius` → `radius`, `textSizeFactor` →
/// `font-size`, `fontName` → `font`, `bold` → `bold`, `pointSize` → `size`, `scale` → `dpr`,
/// `pictureURL` → `picture`, `theme` → `theme`, `format` → the path's suffix.
public struct AvatarViewConfiguration: Sendable, Equatable, Codable {
    public var name: String?
    public var initials: String?
    public var avatarId: String?
    public var bgColor: String?
    public var textColor: String?
    public var shape: Shape?
    public var cornerRadius: Double?
    public var textSizeFactor: Double?
    public var fontName: String?
    public var bold: Bool?
    public var pointSize: Int?
    public var scale: Double?
    public var pictureURL: String?
    public var theme: Theme?
    public var format: Format?

    public init(
        name: String? = nil, initials: String? = nil, avatarId: String? = nil, bgColor: String? = nil,
        textColor: String? = nil, shape: Shape? = nil, cornerRadius: Double? = nil, textSizeFactor: Double? = nil,
        fontName: String? = nil, bold: Bool? = nil, pointSize: Int? = nil, scale: Double? = nil,
        pictureURL: String? = nil, theme: Theme? = nil, format: Format? = nil
    ) {
        self.name = name; self.initials = initials; self.avatarId = avatarId; self.bgColor = bgColor
        self.textColor = textColor; self.shape = shape; self.cornerRadius = cornerRadius
        self.textSizeFactor = textSizeFactor; self.fontName = fontName; self.bold = bold; self.pointSize = pointSize
        self.scale = scale; self.pictureURL = pictureURL; self.theme = theme; self.format = format
    }
}
