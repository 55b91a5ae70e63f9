import Foundation
import Testing

@testable import MonogramCore

/// The README's initials table claims its rows are part of the test table: each of its
/// name/initials pairs must be a row of `documentedExamples` (and so of docs/initials.md).
@Test("every row of the README's initials table is a documented example")
func readmeTableIsDocumented() throws {
    let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    guard let section = text.range(of: "## Initials\n"), let end = text.range(of: "\n## ", range: section.upperBound..<text.endIndex)
    else {
        Issue.record("README.md has no ## Initials section")
        return
    }
    // Rows look like: | `Jane Roe` | `JR` | | `王小明` | `小明` |
    let rows = text[section.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("| `") }
    var pairs: [(String, String)] = []
    for row in rows {
        let cells = row.split(separator: "|", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        func unquote(_ s: String) -> String { s == "(placeholder)" ? "" : String(s.dropFirst().dropLast()) }
        for i in stride(from: 1, to: cells.count - 1, by: 3) where !cells[i].isEmpty && i + 1 < cells.count {
            pairs.append((unquote(cells[i]), unquote(cells[i + 1])))
        }
    }
    #expect(pairs.count >= 30)
    let documented = Dictionary(documentedExamples.map { ($0.name, $0.expected) }, uniquingKeysWith: { a, _ in a })
    for (name, initials) in pairs {
        #expect(documented[name] == initials, "README row \(name.debugDescription) → \(initials.debugDescription)")
    }
}
