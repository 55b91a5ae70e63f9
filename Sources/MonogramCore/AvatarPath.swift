/// Splitting the last segment of `/avatar/{name}[.png|.svg|.json|.webp|.avif]`.
public enum AvatarPath {
    /// Separates a format suffix of exactly `.png`, `.svg`, `.json`, `.webp` or `.avif` (lower case) from the
    /// raw, still percent-encoded segment.
    ///
    /// Only the last dot counts and only those spellings, so `a.b.c` and `x.PNG` are
    /// whole names with no format, and `.png` alone is the empty name as PNG. The split happens
    /// before percent-decoding: `%2Epng` is part of the name, which lets a name end in `.png`.
    public static func split(_ lastSegment: Substring) -> (name: Substring, format: OutputFormat?) {
        guard let dot = lastSegment.lastIndex(of: "."),
              let format = OutputFormat(rawValue: String(lastSegment[lastSegment.index(after: dot)...]))
        else { return (lastSegment, nil) }
        return (lastSegment[..<dot], format)
    }
}
