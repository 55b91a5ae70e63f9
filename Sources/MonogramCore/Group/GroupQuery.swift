/// The known parameters of a group query, looked up by name: each at most once, except the
/// ones listed as repeatable (`picture`, `id`), which keep every value in order.
///
/// Same rules as the single-avatar parser: names are case-sensitive, unknown names are
/// ignored, and a repeat is reported for the first
/// parameter in the fixed `known` order, so the error never depends on the query's order.
extension GroupOptions {
    /// Every parameter name `/group` knows (API §2, §10, §11), for `IgnoredParameters`.
    public static let knownParameters: Set<String> = Set(GroupQuery.known)
}

struct GroupQuery {
    private var values: [String: [String]] = [:]

    static let known = [
        "size", "dpr", "max", "overlap", "border", "border-color", "more", "radius", "shape",
        "length", "uppercase", "font-size", "font", "bold", "format", "theme", "picture",
        "total", "id", "dir", "distinct", "palette", "colors", "gradient", "matte",
    ]
    static let repeatable: Set<String> = ["picture", "id"]
    private static let knownSet = Set(known)

    init(_ query: [(name: String, value: String)]) throws(OptionsError) {
        for (name, value) in query where Self.knownSet.contains(name) {
            values[name, default: []].append(value)
        }
        for name in Self.known where !Self.repeatable.contains(name) && (values[name]?.count ?? 0) > 1 {
            throw OptionsError(parameter: name, message: "\(name) given more than once")
        }
    }

    /// The value of a parameter that may appear once.
    subscript(name: String) -> String? { values[name]?.first }

    /// Every value of a repeatable parameter, in query order.
    func all(_ name: String) -> [String] { values[name] ?? [] }
}
