import Foundation

extension AvatarOptions {
    /// Validates the §1 query parameters of a single avatar and fills in defaults.
    ///
    /// Strictness, so that one meaning has one spelling and typos fail loudly:
    /// * Parameter names are case-sensitive; unknown names (`v`, `Size`) are ignored. A known
    ///   name twice, or `bg` with `background`, throws.
    /// * `picture` is kept as given (trimmed; empty means none): whether its host may be
    ///   fetched is the service's decision, made with the configured allow-list.
    /// * Integers are ASCII digits only: no sign, point, exponent or spaces (`64.0`, `+64`,
    ///   `1e2`, ` 64` are rejected; `064` is 64). Numbers are digits with an optional point
    ///   followed by digits (`0.5`, `1`, `1.0`; not `.5`, `5.`, `-0`, `1e-1`).
    /// * Keywords (`shape`, `format`, booleans) and `font` match case-insensitively; masks
    ///   prefer an exact match. The built-in shapes win over a mask of the same name.
    /// * `initials` and `id` are NFC-normalised and trimmed of whitespace.
    /// * `radius` is validated for every shape but only kept for `rounded`.
    /// * `bg` also takes `transparent` (any case); any alpha-0 hex colour means the same.
    ///   `theme` is `light`, `dark` or `auto`; whether `auto` fits the format is checked by
    ///   `checkTheme()` once a path suffix has had its say.
    /// Every parameter is checked in a fixed order, so the reported error does not depend on
    /// the order of the query either.
    public init(query: [(name: String, value: String)], limits: OptionLimits) throws(OptionsError) {
        try self.init(given: AvatarQuery(query), limits: limits)
    }

    /// The same options, or the same error, as `init(query: QueryString.parse(rawQuery), limits:)`,
    /// read from the raw query's bytes (the part after `?`): what `/avatar` uses, so a miss or a
    /// refused request builds no `String` per pair and no dictionary.
    public init(rawQuery: Substring, limits: OptionLimits) throws(OptionsError) {
        try self.init(given: AvatarQuery(raw: rawQuery), limits: limits)
    }

    private init(given: AvatarQuery, limits: OptionLimits) throws(OptionsError) {
        self.init()

        if let (_, value) = given[.size] {
            guard let size = Self.integer(value), (16...limits.maxSize).contains(size) else {
                throw OptionsError(parameter: "size", message: limits.sizeMessage)
            }
            self.size = size
        }
        if let (_, value) = given[.dpr] {
            guard let dpr = Self.number(value), [1, 1.5, 2, 3, 4].contains(dpr) else {
                throw OptionsError(parameter: "dpr", message: "dpr must be one of 1, 1.5, 2, 3, 4")
            }
            self.dpr = dpr
        }
        var radius = 0.25
        if let (_, value) = given[.radius] {
            guard let number = Self.number(value), (0...0.5).contains(number) else {
                throw OptionsError(parameter: "radius", message: "radius must be a number from 0 to 0.5")
            }
            radius = number
        }
        if let (_, value) = given[.shape] {
            switch value.lowercased() {
            case "square": self.shape = .square
            case "circle": self.shape = .circle
            case "rounded": self.shape = .rounded(radius: radius)
            default:
                guard let mask = limits.mask(named: value) else {
                    throw OptionsError(parameter: "shape", message: limits.shapeMessage)
                }
                self.shape = .mask(name: mask)
            }
        }
        if let (name, value) = given[.bg] {
            if value.lowercased() == "transparent" {
                self.background = .transparent
            } else {
                let color = try Self.color(value, parameter: name, transparent: true)
                // Any alpha-0 colour is the same as `transparent`: one value per meaning.
                self.background = color.alpha == 0 ? .transparent : .color(color)
            }
        }
        if let (name, value) = given[.color] { self.color = try Self.color(value, parameter: name) }
        if let (_, value) = given[.initials] {
            let initials = PathSegment.trimmed(value.precomposedStringWithCanonicalMapping)
            guard (1...3).contains(initials.count) else {
                throw OptionsError(parameter: "initials", message: "initials must be 1 to 3 characters")
            }
            // Three clusters can still be long (stacked combining marks); the bound keeps
            // text layout cheap while leaving room for three ZWJ emoji families.
            guard initials.utf8.count <= 128 else {
                throw OptionsError(parameter: "initials", message: "initials must be at most 128 bytes")
            }
            self.initials = initials
        }
        if let (_, value) = given[.length] {
            guard let length = Self.integer(value), (1...3).contains(length) else {
                throw OptionsError(parameter: "length", message: "length must be an integer from 1 to 3")
            }
            self.length = length
        }
        if let (_, value) = given[.uppercase] { self.uppercase = try Self.boolean(value, parameter: "uppercase") }
        if let (_, value) = given[.fontSize] {
            guard let fontSize = Self.number(value), (0.1...1).contains(fontSize) else {
                throw OptionsError(parameter: "font-size", message: "font-size must be a number from 0.1 to 1.0")
            }
            self.fontSize = fontSize
        }
        if let (_, value) = given[.font] {
            guard let font = limits.font(named: value) else {
                throw OptionsError(parameter: "font", message: limits.fontMessage)
            }
            self.font = font
        }
        if let (_, value) = given[.bold] { self.bold = try Self.boolean(value, parameter: "bold") }
        if let (_, value) = given[.id] {
            let id = PathSegment.trimmed(value.precomposedStringWithCanonicalMapping)
            guard (1...256).contains(id.utf8.count) else {
                throw OptionsError(parameter: "id", message: "id must be 1 to 256 bytes")
            }
            self.id = id
        }
        if let (_, value) = given[.format] {
            guard let format = OutputFormat(named: value) else {
                throw OptionsError(parameter: "format", message: "format must be " + OutputFormat.accepted)
            }
            self.format = format
        }
        if let (_, value) = given[.theme] {
            guard let theme = Theme(rawValue: value.lowercased()) else {
                throw OptionsError(parameter: "theme", message: "theme must be light, dark or auto (auto for svg only)")
            }
            self.theme = theme
        }
        if let (_, value) = given[.picture] {
            let picture = PathSegment.trimmed(value)
            guard picture.utf8.count <= 2048 else {
                throw OptionsError(parameter: "picture", message: "picture must be a URL of at most 2048 bytes")
            }
            self.picture = picture.isEmpty ? nil : picture
        }
        if let (_, value) = given[.fallback] {
            guard let fallback = PictureFallback(rawValue: value.lowercased()) else {
                throw OptionsError(parameter: "fallback", message: "fallback must be initials or 404")
            }
            // Without a picture there is nothing to fall back from: one meaning, one value.
            self.fallback = self.picture == nil ? .initials : fallback
        }
        if let (_, value) = given[.matte] {
            // Opaque only: the matte is what stands in for transparency, so it cannot have any.
            guard let matte = RGBA(hex: value), matte.alpha == 255 else {
                throw OptionsError(parameter: "matte", message: "matte must be an opaque hex colour RGB or RRGGBB, optionally with #")
            }
            self.matte = matte
        }
        try parseColours(given, limits: limits)
    }

    /// ASCII digits only, at most 9 of them (so no overflow and no `+`, `-`, `.` or spaces).
    static func integer(_ text: String) -> Int? {
        let utf8 = text.utf8
        guard (1...9).contains(utf8.count), utf8.allSatisfy(isDigit) else { return nil }
        return utf8.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// `digits` or `digits.digits`, at most 16 characters; nothing `Double(_:)` would also take
    /// (`inf`, `nan`, `1e2`, `0x1p3`, signs).
    static func number(_ text: String) -> Double? {
        let utf8 = text.utf8
        guard (1...16).contains(utf8.count) else { return nil }
        let parts = utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else { return nil }
        return Double(text)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func boolean(_ text: String, parameter: String) throws(OptionsError) -> Bool {
        switch text.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw OptionsError(parameter: parameter, message: "\(parameter) must be true, false, 1, 0, yes or no")
        }
    }

    static func color(_ text: String, parameter: String, transparent: Bool = false) throws(OptionsError) -> RGBA {
        guard let color = RGBA(hex: text) else {
            let form = transparent ? "transparent or a hex colour" : "a hex colour"
            throw OptionsError(
                parameter: parameter, message: "\(parameter) must be \(form) RGB, RRGGBB or RRGGBBAA, optionally with #")
        }
        return color
    }
}
