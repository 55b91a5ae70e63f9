/// What the server's configuration allows in avatar options: the size bound, the font
/// allow-list and the available masks. Validated configuration builds one; parsing reads it.
public struct OptionLimits: Sendable {
    /// Largest accepted `size` (CSS px); the smallest is always 16.
    public let maxSize: Int
    /// Font families `font` may name, in their canonical spelling.
    public let fonts: [String]
    /// Mask names (file names without `.png`) that `shape` may name besides the built-ins.
    public let masks: Set<String>
    /// Palette names `palette` may name besides `default`: the built-in `accessible` and the
    /// configured `render.palettes`, compared case-insensitively.
    public let palettes: [String]

    /// Lower-cased family → canonical spelling, so a lookup is one hash, not a scan.
    let fontsByFoldedName: [String: String]
    /// Masks sorted, so messages and case-insensitive matches are deterministic.
    let sortedMasks: [String]

    public init(maxSize: Int = 1024, fonts: [String] = [], masks: Set<String> = [], palettes: [String] = [Palette.accessibleName]) {
        self.palettes = palettes
        self.maxSize = maxSize
        self.fonts = fonts
        self.masks = masks
        var folded: [String: String] = [:]
        // The first spelling wins if the allow-list names a family twice in different cases.
        for font in fonts where folded[font.lowercased()] == nil { folded[font.lowercased()] = font }
        self.fontsByFoldedName = folded
        self.sortedMasks = masks.sorted()
    }

    /// The canonical spelling of `name` in the allow-list, compared case-insensitively.
    func font(named name: String) -> String? {
        fontsByFoldedName[name.lowercased()]
    }

    /// The mask called `name`: an exact match, else the first case-insensitive one in sorted
    /// order (mask files on Linux may differ only by case).
    func mask(named name: String) -> String? {
        if masks.contains(name) { return name }
        let folded = name.lowercased()
        return sortedMasks.first { $0.lowercased() == folded }
    }

    /// `size must be an integer from 16 to 1024`, with the configured maximum.
    var sizeMessage: String { "size must be an integer from 16 to \(maxSize)" }

    /// Lists the built-in shapes and up to a dozen masks, keeping the message one short line.
    var shapeMessage: String {
        let listed = 12
        var names = ["square", "circle", "rounded"] + sortedMasks.prefix(listed)
        if sortedMasks.count > listed {
            names.append("one of \(sortedMasks.count - listed) more masks")
        }
        return "shape must be " + Self.alternatives(names)
    }

    var fontMessage: String {
        fonts.isEmpty
            ? "font cannot be chosen: no fonts are configured"
            : "font must be " + (fonts.count == 1 ? fonts[0] : "one of " + fonts.joined(separator: ", "))
    }

    /// "a", "a or b", "a, b or c".
    static func alternatives(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}
