import Foundation

extension GroupOptions {
    /// Largest `total` accepted: a count a row may claim, bounded so the text stays short.
    public static let largestTotal = 1_000_000
    /// Largest number the `+N` bubble spells out; beyond it the bubble reads `99+`.
    public static let largestSpelledMore = 99

    /// `total`, `id` (repeating), `dir` and `distinct` (API §10).
    mutating func parseFacepile(_ given: GroupQuery, nameCount: Int) throws(OptionsError) {
        if let value = given["total"] {
            guard let total = AvatarOptions.integer(value), (nameCount...Self.largestTotal).contains(total) else {
                throw OptionsError(
                    parameter: "total",
                    message: "total must be an integer from \(nameCount) (the number of names) to \(Self.largestTotal)")
            }
            // As many as the names is what no `total` means: one value per meaning.
            self.total = total == nameCount ? nil : total
        }
        try parseIDs(given.all("id"), nameCount: nameCount)
        if let value = given["dir"] {
            guard let direction = GroupDirection(rawValue: value.lowercased()) else {
                throw OptionsError(parameter: "dir", message: "dir must be ltr or rtl")
            }
            self.direction = direction
        }
        if let value = given["distinct"] { distinct = try AvatarOptions.boolean(value, parameter: "distinct") }
    }

    /// The i-th `id` is the i-th name's colour key, spelled as `/avatar`'s `id` (NFC, trimmed,
    /// 1…256 bytes); an empty value keeps that face's name as its key.
    private mutating func parseIDs(_ values: [String], nameCount: Int) throws(OptionsError) {
        guard values.count <= nameCount else {
            throw OptionsError(
                parameter: "id",
                message: "id given \(values.count) times but the group has \(nameCount) name\(nameCount == 1 ? "" : "s")")
        }
        ids = []
        for value in values {
            let id = PathSegment.trimmed(value.precomposedStringWithCanonicalMapping)
            guard id.utf8.count <= 256 else { throw OptionsError(parameter: "id", message: "id must be empty or 1 to 256 bytes") }
            ids.append(id.isEmpty ? nil : id)
        }
        // Trailing "none" entries mean the same as leaving them out.
        while ids.last == .some(nil) { ids.removeLast() }
    }

    /// The text of the `+N` bubble for `hidden` people not drawn: `+7`, …, `+99`, then `99+`.
    public static func bubbleText(hidden: Int) -> String {
        hidden > largestSpelledMore ? "\(largestSpelledMore)+" : "+\(hidden)"
    }

    /// The §10 fields of the canonical key (`CanonicalKeyWriter`'s encoding): total (`0:,` when
    /// not given, else `=N`), the number of ids and each id (`0:,` for none, else `=id`),
    /// direction (`ltr`/`rtl`), distinct (`1`/`0`), then the palette fields shared with
    /// `/avatar`.
    func writeFacepile(_ key: inout CanonicalKeyWriter) {
        key.optional(total.map { String($0) })
        key.field(ids.count)
        for id in ids { key.optional(id) }
        key.field(direction == .rightToLeft ? "rtl" : "ltr")
        key.field(distinct ? "1" : "0")
        AvatarOptions.writeColours(palette: palette, gradient: gradient, into: &key)
    }
}
