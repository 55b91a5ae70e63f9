/// The outline of an avatar: a built-in shape or the name of a mask in the server's masks folder.
public enum Shape: Sendable, Hashable, Codable {
    case square, circle, rounded
    /// A mask file's name (`hexagon` for `hexagon.png`); single avatars only.
    case mask(String)

    public init(_ text: String) {
        switch text {
        case "square": self = .square
        case "circle": self = .circle
        case "rounded": self = .rounded
        default: self = .mask(text)
        }
    }

    /// The `shape` parameter's value.
    public var value: String {
        switch self {
        case .square: "square"
        case .circle: "circle"
        case .rounded: "rounded"
        case .mask(let name): name
        }
    }

    public init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode(String.self)) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Output format, sent as the path's suffix.
public enum Format: String, Sendable, Hashable, Codable, CaseIterable {
    case png, svg, json, webp, avif, jpeg

    /// The suffix after the dot (`jpg` for JPEG, as the server and image tools spell it).
    public var suffix: String { self == .jpeg ? "jpg" : rawValue }
}

/// `light`, `dark`, or `auto` (an SVG that follows the viewer's `prefers-color-scheme`).
public enum Theme: String, Sendable, Hashable, Codable, CaseIterable {
    case light, dark, auto
}

/// What `/avatar` answers when `picture` cannot be used.
public enum Fallback: String, Sendable, Hashable, Codable, CaseIterable {
    case initials
    case notFound = "404"
}

/// The order of a group's faces.
public enum Direction: String, Sendable, Hashable, Codable, CaseIterable {
    case ltr, rtl
}

/// Gravatar's `d`: a named default or an http(s) URL to redirect to.
public enum GravatarDefault: Sendable, Hashable, Codable {
    case notFound, mysteryPerson, blank, initials, color, identicon, monsterid, wavatar, retro, robohash
    /// `mm`, the older spelling of `mp`.
    case mysteryMan
    case url(String)

    static let names: [(String, GravatarDefault)] = [
        ("404", .notFound), ("mp", .mysteryPerson), ("mm", .mysteryMan), ("blank", .blank), ("initials", .initials),
        ("color", .color), ("identicon", .identicon), ("monsterid", .monsterid), ("wavatar", .wavatar),
        ("retro", .retro), ("robohash", .robohash),
    ]

    /// A named default, else a URL (checked to be http(s) when the URL is built).
    public init(_ text: String) {
        self = Self.names.first(where: { $0.0 == text })?.1 ?? .url(text)
    }

    /// The `d` parameter's value.
    public var value: String {
        if case .url(let url) = self { return url }
        return Self.names.first(where: { $0.1 == self })?.0 ?? ""
    }

    public init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode(String.self)) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// A value a builder cannot send; `parameter` names it as the server's 400 would.
public struct MonogramClientError: Error, Sendable, Equatable, CustomStringConvertible {
    public let parameter: String
    public let message: String

    public init(_ parameter: String, _ message: String) {
        self.parameter = parameter
        self.message = message
    }

    public var description: String { "\(parameter) \(message)" }
}
