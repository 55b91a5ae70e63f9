/// The §1 parameters of a single avatar's query, each at most once, by parameter.
///
/// Built either from decoded pairs (`QueryString.parse`, which `/group` shares) or straight from
/// the raw query's bytes, which is what every `/avatar` miss and every request refused by the
/// client budget pays for: no `String` per pair, no dictionary, and a `String` only for the
/// value of a parameter that is known. Both give the same parameters and throw the same errors,
/// in the same order: a bad `%` escape or non-UTF-8 in any pair first (as `QueryString.parse`
/// throws before any option is looked at), then a repeat, reported for the first parameter in
/// the fixed `Parameter` order so the error does not depend on the query's order.
extension AvatarOptions {
    /// Every parameter name `/avatar` knows (API §1, §3, §10, §11), for `IgnoredParameters`.
    public static let knownParameters: Set<String> = Set(AvatarQuery.Parameter.names + ["background"])
}

struct AvatarQuery {
    /// The known names in the order repeats are checked (`background` is an alias of `bg`).
    enum Parameter: Int, CaseIterable {
        case size, dpr, shape, radius, bg, color, initials, length, uppercase
        case fontSize, font, bold, id, format, theme, picture, fallback
        case palette, colors, gradient, matte

        var name: String { Self.names[rawValue] }

        static let names = [
            "size", "dpr", "shape", "radius", "bg", "color", "initials", "length", "uppercase",
            "font-size", "font", "bold", "id", "format", "theme", "picture", "fallback",
            "palette", "colors", "gradient", "matte",
        ]
        private static let spellings = allCases.map { ($0, Array($0.name.utf8)) }
        private static let background = Array("background".utf8)

        /// The parameter `name` (decoded bytes) names, and whether it was spelled `background`.
        static func named(_ name: UnsafeBufferPointer<UInt8>) -> (Parameter, alias: Bool)? {
            // Lengths first: most names differ from most known names in length alone.
            for (parameter, known) in spellings where known.count == name.count {
                if known.withUnsafeBufferPointer({ $0.elementsEqual(name) }) { return (parameter, false) }
            }
            if name.count == background.count, background.withUnsafeBufferPointer({ $0.elementsEqual(name) }) {
                return (.bg, true)
            }
            return nil
        }
    }

    private struct Entry {
        /// As spelled in the query (`bg` or `background`), for messages.
        var name: String
        var value: String
        var count = 1
        /// A repeat was spelled differently from the first (`bg` with `background`).
        var mixed = false
    }

    /// The parameters given, in the order first seen; at most one entry per parameter (20), so
    /// a lookup scans a handful. Nothing is allocated for a query without known parameters, and
    /// one small array otherwise (a 17-slot table, inline or not, cost more to set up and copy).
    private var given: [(parameter: Parameter, entry: Entry)] = []

    /// The name and value of `parameter` as first given, if it was.
    subscript(parameter: Parameter) -> (name: String, value: String)? {
        for item in given where item.parameter == parameter { return (item.entry.name, item.entry.value) }
        return nil
    }

    init(_ query: [(name: String, value: String)]) throws(OptionsError) {
        for (name, value) in query {
            var name = name
            guard let (parameter, alias) = name.withUTF8({ Parameter.named($0) }) else { continue }
            add(parameter, alias: alias, value: { value })
        }
        try checkRepeats()
    }

    /// - Parameter raw: the part after `?`, without the `?`; the same pairs as
    ///   `QueryString.parse(raw)` would give (`&` between pairs, empty ones skipped, the first
    ///   `=` splits, `+` is a space, percent-decoding as UTF-8).
    init(raw: Substring) throws(OptionsError) {
        var raw = raw
        // `withUTF8` rethrows untyped errors: the outcome comes out as a typed `Result`.
        let scanned = raw.withUTF8 { bytes in
            Result { () throws(OptionsError) in
                var start = 0
                while start <= bytes.count {
                    let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                    if end > start { try addPiece(UnsafeBufferPointer(rebasing: bytes[start..<end])) }
                    start = end + 1
                }
            }
        }
        try scanned.get()
        try checkRepeats()
    }

    private mutating func addPiece(_ piece: UnsafeBufferPointer<UInt8>) throws(OptionsError) {
        let equals = piece.firstIndex(of: UInt8(ascii: "="))
        let rawName = UnsafeBufferPointer(rebasing: piece[..<(equals ?? piece.count)])
        let rawValue = UnsafeBufferPointer(rebasing: piece[(equals.map { $0 + 1 } ?? piece.count)...])
        // Checked in `QueryString.parse`'s order (name, then value) even for unknown names, so a
        // bad escape anywhere is the same 400 it was.
        let known: (Parameter, alias: Bool)?
        if Self.isPlain(rawName) {
            known = Parameter.named(rawName)
        } else {
            known = try Self.decode(rawName).withUnsafeBufferPointer { Parameter.named($0) }
        }
        let plainValue = Self.isPlain(rawValue)
        let decodedValue = plainValue ? nil : try Self.decode(rawValue)
        guard let (parameter, alias) = known else { return }
        add(parameter, alias: alias) {
            decodedValue.map { String(decoding: $0, as: UTF8.self) } ?? String(decoding: rawValue, as: UTF8.self)
        }
    }

    /// Keeps the first value of `parameter` (built only then) and counts the repeats.
    private mutating func add(_ parameter: Parameter, alias: Bool, value: () -> String) {
        let spelled = alias ? "background" : parameter.name
        guard let index = given.firstIndex(where: { $0.parameter == parameter }) else {
            given.append((parameter, Entry(name: spelled, value: value())))
            return
        }
        given[index].entry.count += 1
        if given[index].entry.name != spelled { given[index].entry.mixed = true }
    }

    private func checkRepeats() throws(OptionsError) {
        guard given.contains(where: { $0.entry.count > 1 }) else { return }
        // In `Parameter` order, not the query's.
        for parameter in Parameter.allCases {
            guard let entry = given.first(where: { $0.parameter == parameter })?.entry, entry.count > 1 else { continue }
            if entry.mixed {
                throw OptionsError(parameter: "bg", message: "bg and background given together (background is an alias of bg)")
            }
            throw OptionsError(parameter: entry.name, message: "\(entry.name) given more than once")
        }
    }

    /// No `%` or `+`: the bytes are their own decoding (and valid UTF-8, being part of a string).
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }
    }

    /// Decoded and validated bytes, with `QueryString`'s errors.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(OptionsError) -> [UInt8] {
        guard let decoded = PathSegment.percentDecode(bytes, plusIsSpace: true) else {
            throw QueryString.badPercentEncoding
        }
        guard decoded.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) != nil else {
            throw QueryString.notUTF8
        }
        return decoded
    }
}
