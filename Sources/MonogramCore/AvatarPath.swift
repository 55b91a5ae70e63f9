/// Splitting the last segment of `/avatar/{name}[.png|.svg|.json|.webp|.avif]`.
public enum AvatarPath {
    /// Separates a format suffix of exactly `.png`, `.svg`, `.json`, `.webp` or `.avif` (lower case) from the
    /// raw, still percent-encoded segment.
    ///
    /// Only the last dot counts and only those spellings, so `a.b.c` and `x.PNG` are
    /// whole names with no format, and `.png` alone is the empty name as PNG. The split happens
    /// before percent-decoding: `%2Epng` is part of the name, which lets a name end in `.png`.
    ///
    /// By bytes (the dot and the suffixes are ASCII): finding the dot by Character and making a
    /// `String` of the suffix cost ~2,600 instructions of every miss.
    public static func split(_ lastSegment: Substring) -> (name: Substring, format: OutputFormat?) {
        let bytes = lastSegment.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return (lastSegment, nil) }
        let suffix = bytes[bytes.index(after: dot)...]
        guard let format = suffixes.first(where: { $0.bytes.elementsEqual(suffix) })?.format else { return (lastSegment, nil) }
        return (lastSegment[..<dot], format)
    }

    private static let suffixes = OutputFormat.allCases.map { (bytes: Array($0.rawValue.utf8), format: $0) }
}
