extension GroupOptions {
    /// Parameters that mean exactly what they mean for `/avatar` (API §2); they are validated
    /// by `AvatarOptions` itself, so the accepted spellings and the messages cannot drift.
    static let sharedWithAvatar: Set<String> = [
        "dpr", "length", "uppercase", "font-size", "font", "bold", "format", "theme", "palette", "colors", "gradient", "matte",
    ]

    /// Validates the §2 query parameters of a group of `nameCount` names and fills in defaults.
    ///
    /// Spelling rules are those of `AvatarOptions.init(query:limits:)`. Besides: `border` is an
    /// integer number of CSS px from 0 to a quarter of `size` (its default follows `size`);
    /// `border-color` also takes `transparent` (any case); `shape` is only `circle`, `square`
    /// or `rounded`; `picture` and `id` may repeat, once per name at most (API §10: `total`,
    /// `dir`, `distinct` in `parseFacepile`); `bg`, `color` and `initials` do not apply and
    /// are ignored like unknown names. A group whose image would
    /// exceed `maxPixels` is refused, naming `size`.
    public init(query: [(name: String, value: String)], limits: OptionLimits, nameCount: Int) throws(OptionsError) {
        self.init()
        let given = try GroupQuery(query)

        let largest = Swift.max(16, Swift.min(Self.largestSize, limits.maxSize))
        if let value = given["size"] {
            guard let size = AvatarOptions.integer(value), (16...largest).contains(size) else {
                throw OptionsError(parameter: "size", message: "size must be an integer from 16 to \(largest)")
            }
            self.size = size
        }
        let shared = try AvatarOptions(query: query.filter { Self.sharedWithAvatar.contains($0.name) }, limits: limits)
        (dpr, length, uppercase, fontSize) = (shared.dpr, shared.length, shared.uppercase, shared.fontSize)
        (font, bold, format, theme) = (shared.font, shared.bold, shared.format, shared.theme)
        (palette, gradient, matte) = (shared.palette, shared.gradient, shared.matte)

        if let value = given["max"] {
            guard let max = AvatarOptions.integer(value), (1...10).contains(max) else {
                throw OptionsError(parameter: "max", message: "max must be an integer from 1 to 10")
            }
            self.max = max
        }
        if let value = given["overlap"] {
            guard let overlap = AvatarOptions.number(value), (0...0.9).contains(overlap) else {
                throw OptionsError(parameter: "overlap", message: "overlap must be a number from 0 to 0.9")
            }
            self.overlap = overlap
        }
        border = Self.defaultBorder(size: size)
        if let value = given["border"] {
            let largestBorder = Self.maxBorder(size: size)
            guard let border = AvatarOptions.integer(value), (0...largestBorder).contains(border) else {
                throw OptionsError(
                    parameter: "border", message: "border must be an integer from 0 to \(largestBorder) (a quarter of size)")
            }
            self.border = border
        }
        if let value = given["border-color"] {
            if value.lowercased() == "transparent" {
                borderColor = .transparent
            } else if let color = RGBA(hex: value) {
                // Any alpha-0 colour is the same knock-out as `transparent`: one value per meaning.
                borderColor = color.alpha == 0 ? .transparent : color
            } else {
                throw OptionsError(
                    parameter: "border-color",
                    message: "border-color must be transparent or a hex colour RGB, RRGGBB or RRGGBBAA, optionally with #")
            }
        }
        if let value = given["more"] { more = try AvatarOptions.boolean(value, parameter: "more") }
        try parseShape(given)
        try parsePictures(given.all("picture"), nameCount: nameCount)
        try parseFacepile(given, nameCount: nameCount)

        let layout = layout(count: nameCount)
        guard layout.width * layout.height <= Self.maxPixels else {
            throw OptionsError(
                parameter: "size",
                message: "size × dpr is too large for this many faces: a group image may have at most \(Self.maxPixels) pixels")
        }
    }

    /// `radius` is validated for every shape (as for `/avatar`) but only kept for `rounded`.
    private mutating func parseShape(_ given: GroupQuery) throws(OptionsError) {
        var radius = 0.25
        if let value = given["radius"] {
            guard let number = AvatarOptions.number(value), (0...0.5).contains(number) else {
                throw OptionsError(parameter: "radius", message: "radius must be a number from 0 to 0.5")
            }
            radius = number
        }
        if let value = given["shape"] {
            switch value.lowercased() {
            case "circle": shape = .circle
            case "square": shape = .square
            case "rounded": shape = .rounded(radius: radius)
            default: throw OptionsError(parameter: "shape", message: "shape must be circle, square or rounded")
            }
        }
    }
}
