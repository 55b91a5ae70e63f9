/// A strict reader of the Prometheus text exposition format 0.0.4, enough to prove that
/// `/metrics` parses: names, labels with escapes, values, TYPE before samples, histograms whole.
struct PrometheusText {
    struct Sample: Hashable {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    var types: [String: String] = [:]
    var samples: [Sample] = []

    init(_ text: String) throws {
        guard text.hasSuffix("\n") else { throw ParseError(description: "the text must end with a newline") }
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            func fail(_ why: String) -> ParseError { ParseError(description: "line \(number + 1) `\(line)`: \(why)") }
            if line.hasPrefix("#") {
                let parts = line.split(separator: " ", maxSplits: 3)
                if parts.count >= 3, parts[1] == "TYPE" {
                    let name = String(parts[2])
                    guard PrometheusText.isName(name), parts.count == 4,
                        ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3])
                    else { throw fail("bad TYPE") }
                    guard types[name] == nil else { throw fail("second TYPE for \(name)") }
                    guard !samples.contains(where: { PrometheusText.family(of: $0.name, in: [name: ""]) != nil }) else { throw fail("TYPE after samples") }
                    types[name] = String(parts[3])
                } else if parts.count >= 3, parts[1] == "HELP" {
                    guard PrometheusText.isName(String(parts[2])) else { throw fail("bad HELP") }
                }
                continue
            }
            guard !line.isEmpty else { continue }
            var rest = line[...]
            let name = String(rest.prefix(while: { $0 != "{" && $0 != " " }))
            guard PrometheusText.isName(name) else { throw fail("bad metric name") }
            rest = rest.dropFirst(name.count)
            var labels: [String: String] = [:]
            if rest.first == "{" {
                rest = rest.dropFirst()
                while rest.first != "}" {
                    let label = String(rest.prefix(while: { $0 != "=" }))
                    guard PrometheusText.isName(label), !label.contains(":") else { throw fail("bad label name") }
                    rest = rest.dropFirst(label.count)
                    guard rest.hasPrefix("=\"") else { throw fail("label without a quoted value") }
                    rest = rest.dropFirst(2)
                    var value = ""
                    while true {
                        guard let character = rest.first else { throw fail("unterminated label value") }
                        rest = rest.dropFirst()
                        if character == "\"" { break }
                        if character == "\\" {
                            guard let escaped = rest.first, ["\\", "\"", "n"].contains(escaped) else { throw fail("bad escape") }
                            value.append(escaped == "n" ? "\n" : escaped)
                            rest = rest.dropFirst()
                        } else {
                            value.append(character)
                        }
                    }
                    guard labels[label] == nil else { throw fail("repeated label") }
                    labels[label] = value
                    if rest.first == "," { rest = rest.dropFirst() } else if rest.first != "}" { throw fail("expected , or }") }
                }
                rest = rest.dropFirst()
            }
            guard rest.first == " " else { throw fail("no space before the value") }
            let fields = rest.dropFirst().split(separator: " ")
            guard fields.count == 1 || fields.count == 2, let value = PrometheusText.number(fields[0]) else { throw fail("bad value") }
            guard let family = PrometheusText.family(of: name, in: types) else { throw fail("sample before its TYPE") }
            if types[family] == "histogram", name == family { throw fail("a histogram has only _bucket, _sum and _count") }
            samples.append(Sample(name: name, labels: labels, value: value))
        }
        try checkHistograms()
    }

    /// Buckets ascend, counts never go down, and `+Inf` equals `_count`.
    func checkHistograms() throws {
        for (family, type) in types where type == "histogram" {
            let buckets = samples.filter { $0.name == family + "_bucket" }
            guard let last = buckets.last, last.labels["le"] == "+Inf" else { throw ParseError(description: "\(family): no +Inf bucket") }
            let bounds = buckets.compactMap { PrometheusText.number(Substring($0.labels["le"] ?? "")) }
            guard bounds == bounds.sorted(), zip(buckets, buckets.dropFirst()).allSatisfy({ $0.value <= $1.value }) else {
                throw ParseError(description: "\(family): buckets not cumulative")
            }
            guard value(family + "_count") == last.value, value(family + "_sum") != nil else { throw ParseError(description: "\(family): _count or _sum wrong") }
        }
    }

    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { $0.name == name && $0.labels == labels }?.value
    }

    static func family(of name: String, in types: [String: String]) -> String? {
        if types[name] != nil { return name }
        for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
            let base = String(name.dropLast(suffix.count))
            if types[base] == "histogram" || types[base] == "summary" { return base }
        }
        return nil
    }

    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == ":" }
    }

    static func number(_ text: Substring) -> Double? {
        switch text {
        case "+Inf": return .infinity
        case "-Inf": return -.infinity
        case "NaN": return .nan
        default: return Double(text)
        }
    }
}
