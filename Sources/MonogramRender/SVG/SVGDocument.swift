/// What an SVG answer says about itself beyond its drawing (API §10): its accessible name and
/// the token that keeps its ids apart from other SVGs inlined in the same HTML page.
public struct SVGDocument: Sendable, Hashable {
    /// The `<title>` (and with it `role="img"`); nil: neither.
    public var title: String?
    /// Put before every `id` (and every reference to one) and every class: a short token
    /// derived from the answer's key, so two different answers never share an id. Empty: the
    /// ids stay as cairo wrote them (renumbered).
    public var idPrefix: String

    public init(title: String? = nil, idPrefix: String = "") {
        self.title = title
        self.idPrefix = idPrefix
    }

    /// `m` and ten hex digits of `hash` (40 bits), then `-`: starts with a letter, so it is
    /// a valid XML name and CSS class start whatever the digits.
    public static func prefix(hash: UInt64) -> String {
        let digits = String(hash & 0xFF_FFFF_FFFF, radix: 16)
        return "m" + String(repeating: "0", count: 10 - digits.count) + digits + "-"
    }
}

/// Applies an `SVGDocument` to cairo's output.
enum SVGAnnotation {
    static func apply(_ document: SVGDocument, to svg: [UInt8]) -> [UInt8] {
        var svg = svg
        if !document.idPrefix.isEmpty { svg = prefixIdentifiers(svg, with: Array(document.idPrefix.utf8)) }
        if let title = document.title, let end = endOfSVGTag(svg) {
            // `role="img"` inside the start tag, the title as the first child.
            var output = Array(svg[..<(end - 1)])
            output += Array(#" role="img">"#.utf8)
            output += Array("\n<title>".utf8) + escaped(title) + Array("</title>".utf8)
            output += svg[end...]
            svg = output
        }
        return svg
    }

    /// Every `id="X"`, and every `#X` reference (`href="#X"`, `url(#X)`) to one of those ids,
    /// becomes `prefix` + `X`. (The `theme=auto` classes get the prefix from `SVGColorScheme`.)
    static func prefixIdentifiers(_ svg: [UInt8], with prefix: [UInt8]) -> [UInt8] {
        let idMarker = Array(#" id=""#.utf8)
        var ids = Set<ArraySlice<UInt8>>()
        var i = 0
        while let start = find(idMarker, in: svg, from: i) {
            let valueStart = start + idMarker.count
            guard let end = svg[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            ids.insert(svg[valueStart..<end])
            i = end
        }
        var output: [UInt8] = []
        output.reserveCapacity(svg.count + 16 * ids.count + 64)
        i = 0
        while i < svg.count {
            let byte = svg[i]
            if byte == UInt8(ascii: " "), starts(idMarker, in: svg, at: i) {
                output += idMarker
                output += prefix
                i += idMarker.count
                continue
            }
            if byte == UInt8(ascii: "#") {
                var end = i + 1
                while end < svg.count, isNameByte(svg[end]) { end += 1 }
                if end < svg.count, svg[end] == UInt8(ascii: "\"") || svg[end] == UInt8(ascii: ")"), ids.contains(svg[(i + 1)..<end]) {
                    output.append(byte)
                    output += prefix
                    output += svg[(i + 1)..<end]
                    i = end
                    continue
                }
            }
            output.append(byte)
            i += 1
        }
        return output
    }

    /// `&`, `<` and `>` as entities; characters XML 1.0 does not allow (C0 controls other than
    /// tab, LF and CR; U+FFFE, U+FFFF) as U+FFFD, so any name gives a well-formed document.
    static func escaped(_ text: String) -> [UInt8] {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return Array(out.utf8)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ".")
    }

    private static func starts(_ marker: [UInt8], in svg: [UInt8], at index: Int) -> Bool {
        index + marker.count <= svg.count && svg[index..<index + marker.count].elementsEqual(marker)
    }

    private static func find(_ marker: [UInt8], in svg: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + marker.count <= svg.count {
            if svg[i] == marker[0], starts(marker, in: svg, at: i) { return i }
            i += 1
        }
        return nil
    }

    /// Just past the `>` of the `<svg …>` start tag.
    static func endOfSVGTag(_ svg: [UInt8]) -> Int? {
        guard let start = find(Array("<svg".utf8), in: svg, from: 0),
            let close = svg[start...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        return close + 1
    }
}
