public import MonogramCore

/// Gravatar's query parameters (API §7), parsed leniently: the applications that build these
/// URLs cannot show a 400, so a bad value means its default and nothing here throws.
public struct GravatarQuery: Sendable, Equatable {
    /// Every parameter name `/gravatar` reads (API §7, §11), for `IgnoredParameters`.
    public static let knownParameters: Set<String> = [
        "s", "size", "d", "default", "f", "forcedefault", "r", "rating", "name", "initials", "format",
    ]

    /// Gravatar's default size.
    public static let defaultSize = 80

    /// `s`/`size` in pixels, clamped into `minSize…maxSize`.
    public var size: Int
    /// `d`/`default`.
    public var fallback: GravatarDefault
    /// `f`/`forcedefault` = `y` (or `1`, `true`): answer the default even for a known hash.
    public var forceDefault: Bool
    /// `name` (or `initials`, which Gravatar also takes) for `d=initials`: a name or initials.
    public var name: String?
    /// `initials`: shown as given instead of being computed from `name`.
    public var initials: String?
    /// `format` (API §11): `jpeg`/`jpg` or `png`; nil (the path suffix decides) for no or
    /// any other value, which is never an error here.
    public var format: OutputFormat?

    /// - Parameters:
    ///   - pairs: decoded query pairs; the first of a repeated name wins (no 400 here).
    ///   - minSize/maxSize: the service's size range (16 and `render.max_size`).
    public init(pairs: [(name: String, value: String)], minSize: Int, maxSize: Int) {
        var seen: [String: String] = [:]
        for (name, value) in pairs where seen[name] == nil { seen[name] = value }
        func value(_ short: String, _ long: String) -> String? { seen[short] ?? seen[long] }
        let requested = value("s", "size").flatMap { Int($0.utf8.count <= 9 ? $0 : "") } ?? GravatarQuery.defaultSize
        // Gravatar's own range is 1…2048; anything outside it is its default, not an error.
        let inRange = (1...2048).contains(requested) ? requested : GravatarQuery.defaultSize
        self.size = min(max(inRange, minSize), max(minSize, maxSize))
        self.fallback = GravatarDefault(value("d", "default") ?? "")
        let force = value("f", "forcedefault")?.lowercased() ?? ""
        self.forceDefault = ["y", "yes", "1", "true"].contains(force)
        let name = seen["name"].map(\.trimmed).flatMap { $0.isEmpty || $0.utf8.count > 256 ? nil : $0 }
        let initials = seen["initials"].map(\.trimmed).flatMap { $0.isEmpty || $0.utf8.count > 64 ? nil : $0 }
        self.name = name
        self.initials = initials
        self.format = seen["format"].flatMap { OutputFormat(named: $0) }.flatMap { [.png, .jpeg].contains($0) ? $0 : nil }
    }
}

/// What `d`/`default` asks for when the hash is unknown (or `f=y`).
public enum GravatarDefault: Sendable, Equatable {
    /// `404`: a 404.
    case notFound
    /// `mp`, `mm`, no `d` or anything not listed: the placeholder silhouette.
    case placeholder
    /// `blank`: a fully transparent square.
    case blank
    /// `initials`: from `name`/`initials`, else the placeholder.
    case initials
    /// `color`: a plain square in the hash's colour.
    case color
    /// `identicon`, `monsterid`, `wavatar`, `retro`, `robohash`: Monogram's identicon.
    case identicon
    /// An absolute `http(s)` URL: a 302 to it (subject to `gravatar.redirect_hosts`).
    case redirect(String)

    public init(_ value: String) {
        switch value.lowercased() {
        case "404": self = .notFound
        case "blank": self = .blank
        case "initials": self = .initials
        case "color": self = .color
        case "identicon", "monsterid", "wavatar", "retro", "robohash": self = .identicon
        case let lower where lower.hasPrefix("http://") || lower.hasPrefix("https://"):
            self = .redirect(value)
        default: self = .placeholder
        }
    }
}
