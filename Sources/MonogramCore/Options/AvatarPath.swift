/// Splitting the last segment of `/avatar/{name}[.png|.svg|.json|.webp|.avif|.jpg|.jpeg]`.
public enum AvatarPath {
    /// Separates a format suffix of exactly `.png`, `.svg`, `.json`, `.webp`, `.avif`, `.jpg` or `.jpeg` (lower case) from the
    /// raw, still percent-encoded segment.
    ///
    /// Only the last dot counts and only those spellings, so `a.b.c` and `x.PNG` are
    /// whole names with no format, and `.png` alone is the empty name as PNG. The split happens
    /// before percent-decoding: `%2Epng` is part of the name, which lets a name end in `.png`.
    ///
    /// By bytes (the dot and the suffixes are ASCII): finding the dot by Character and making a
    /// `String` of the suffix cost ~2,600 instructions of every miss.
    public static func split(_ lastSegment: Substring) -> (name: Substring, format: OutputFormat?) {
        var segment = lastSegment
        let found = segment.withUTF8 { bytes -> (dot: Int, format: OutputFormat)? in
            guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return nil }
            let suffix = bytes[(dot + 1)...]
            return suffixes.first(where: { $0.bytes.elementsEqual(suffix) }).map { (dot, $0.format) }
        }
        guard let found else { return (lastSegment, nil) }
        return (lastSegment[..<lastSegment.utf8.index(lastSegment.startIndex, offsetBy: found.dot)], found.format)
    }

    private static let suffixes = OutputFormat.allCases.map { (bytes: Array($0.rawValue.utf8), format: $0) }
        + [(bytes: Array("jpg".utf8), format: OutputFormat.jpeg)]
}
