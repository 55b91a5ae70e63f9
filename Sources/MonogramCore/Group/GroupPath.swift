/// Splitting the last segment of `/group/{name1},{name2},…[.png|.svg|.json|.webp|.avif|.jpg|.jpeg]`.
public enum GroupPath {
    /// The names of the raw, still percent-encoded list (format suffix already split off by
    /// `AvatarPath.split`).
    ///
    /// The split on `,` happens before percent-decoding, so `%2C` keeps a comma inside a name.
    /// Each name is decoded like `/avatar`'s (`PathSegment.decodeName`); an empty entry is a
    /// person without a name, drawn as the placeholder, so `/group/` is one placeholder and
    /// `/group/a,,b` has three faces. More than `GroupOptions.maxNames` entries is an error,
    /// found without decoding any of them.
    public static func names(_ raw: Substring) throws(OptionsError) -> [String] {
        // By scalar, not Character: a combining mark after `,` must not hide the separator.
        let pieces = raw.unicodeScalars.split(separator: ",", omittingEmptySubsequences: false)
        guard pieces.count <= GroupOptions.maxNames else {
            throw OptionsError(
                parameter: "names", message: "a group must list 1 to \(GroupOptions.maxNames) names, separated by commas")
        }
        var names: [String] = []
        names.reserveCapacity(pieces.count)
        for piece in pieces { names.append(try PathSegment.decodeName(Substring(piece))) }
        return names
    }
}
