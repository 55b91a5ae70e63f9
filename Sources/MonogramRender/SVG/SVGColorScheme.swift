internal import MonogramCore

/// `theme=auto`: turns a light SVG into one that also carries its dark variant, switched by
/// the viewer's `prefers-color-scheme`.
///
/// Cairo writes every fill as an inline `style="fill:rgb(r%,g%,b%)…"`. Each element whose fill
/// is one of the light colours that has a dark counterpart gets a class, and one `<style>`
/// element holds a media query whose `!important` rules beat the inline fills (an author
/// `!important` declaration outranks an inline one). A renderer without CSS media queries
/// shows the light variant. The service's SVG `Content-Security-Policy` allows inline styles
/// (`style-src 'unsafe-inline'`) and nothing else, so the document stays script-free.
struct SVGColorScheme {
    /// Light colour → the colour shown instead in the dark scheme (opaque colours; the
    /// alpha of a fill travels separately as `fill-opacity` and is kept).
    private(set) var darkColors: [(light: RGBA, dark: RGBA)] = []
    /// Put before every class name (`SVGDocument.idPrefix`): a `<style>` inlined in an HTML
    /// page applies to the whole page, so two documents' `.m0` must differ.
    var classPrefix = ""

    /// Collects the light → dark pairs of a face drawn with `spec` (none unless `theme=auto`).
    mutating func add(_ spec: AvatarSpec) {
        guard let dark = spec.darkVariant else { return }
        add(spec.background, dark.background)
        add(spec.foreground, dark.foreground)
    }

    /// A light colour maps to one dark colour: the first pairing wins (the palette's variants
    /// are a function of the light colour, so a second pairing is the same one).
    private mutating func add(_ light: RGBA, _ dark: RGBA) {
        let light = light.opaque, dark = dark.opaque
        guard light != dark, !darkColors.contains(where: { $0.light == light }) else { return }
        darkColors.append((light, dark))
    }

    var isEmpty: Bool { darkColors.isEmpty }

    /// The document with classes on the matching fills and the `<style>` after `<svg …>`.
    func apply(to svg: [UInt8]) -> [UInt8] {
        guard !isEmpty, let svgTagEnd = Self.endOfSVGTag(svg) else { return svg }
        var output: [UInt8] = []
        output.reserveCapacity(svg.count + 64 * darkColors.count + 128)
        output += svg[..<svgTagEnd]
        output += Array(styleElement.utf8)
        var i = svgTagEnd
        let marker = Array(" style=\"".utf8)
        while i < svg.count {
            if svg[i] == marker[0], i + marker.count <= svg.count, svg[i..<i + marker.count].elementsEqual(marker),
                let index = classIndex(ofStyleAt: i + marker.count, in: svg)
            {
                output += Array(" class=\"\(classPrefix)m\(index)\"".utf8)
            }
            output.append(svg[i])
            i += 1
        }
        return output
    }

    private var styleElement: String {
        var rules = ""
        for (index, pair) in darkColors.enumerated() { rules += ".\(classPrefix)m\(index){fill:\(pair.dark.hex)!important}" }
        return "\n<style>@media (prefers-color-scheme: dark){\(rules)}</style>"
    }

    /// The position of the dark colour for the `fill:rgb(…)` inside the attribute value
    /// starting at `start`, if its colour is one of the light ones.
    private func classIndex(ofStyleAt start: Int, in svg: [UInt8]) -> Int? {
        guard let end = svg[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let value = String(decoding: svg[start..<end], as: UTF8.self)
        guard let color = Self.fill(in: value) else { return nil }
        return darkColors.firstIndex { $0.light == color }
    }

    /// Parses cairo's `fill:rgb(47.45098%,33.333333%,28.235294%)` back to 8-bit channels.
    static func fill(in style: String) -> RGBA? {
        let prefix = "fill:rgb("
        var rest = Substring(style)
        while !rest.isEmpty, !rest.hasPrefix(prefix) { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        rest = rest.dropFirst(prefix.count)
        guard let close = rest.firstIndex(of: ")") else { return nil }
        let channels = rest[..<close].split(separator: ",").map { part -> UInt8? in
            guard part.hasSuffix("%"), let percent = Double(part.dropLast()), (0...100).contains(percent) else { return nil }
            return UInt8((percent * 2.55).rounded())
        }
        guard channels.count == 3, let r = channels[0], let g = channels[1], let b = channels[2] else { return nil }
        return RGBA(red: r, green: g, blue: b)
    }

    /// Just past the `>` of the `<svg …>` start tag.
    private static func endOfSVGTag(_ svg: [UInt8]) -> Int? {
        let tag = Array("<svg".utf8)
        guard let start = (0..<max(0, svg.count - tag.count)).first(where: { svg[$0..<$0 + tag.count].elementsEqual(tag) }),
            let close = svg[start...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        return close + 1
    }
}
