/// Cairo names SVG elements `surface<N>` and `image<N>` after process-wide counters, so the same
/// avatar would come out with different bytes on each render (and on each thread). Renumbering
/// them per document, in order of appearance, makes SVG output deterministic like the PNGs.
enum SVGIdentifiers {
    private static let prefixes: [[UInt8]] = [Array("surface".utf8), Array("image".utf8)]

    static func renumber(_ svg: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(svg.count)
        var numbers: [[UInt8]: Int] = [:] // "surface285" → 1
        var i = 0
        while i < svg.count {
            if let prefix = prefixes.first(where: { matches($0, in: svg, at: i) }) {
                var end = i + prefix.count
                while end < svg.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(svg[end]) { end += 1 }
                if end > i + prefix.count {
                    let original = Array(svg[i..<end])
                    let number = numbers[original] ?? (numbers.count + 1)
                    numbers[original] = number
                    output += prefix
                    output += Array(String(number).utf8)
                    i = end
                    continue
                }
            }
            output.append(svg[i])
            i += 1
        }
        return output
    }

    private static func matches(_ prefix: [UInt8], in svg: [UInt8], at index: Int) -> Bool {
        guard svg[index] == prefix[0], index + prefix.count <= svg.count else { return false }
        // Only whole identifiers: `id="surface12"` or `#image3`, never e.g. `data:image/png`.
        if index > 0, ![UInt8(ascii: "\""), UInt8(ascii: "#")].contains(svg[index - 1]) { return false }
        return svg[index..<index + prefix.count].elementsEqual(prefix)
    }
}
