import Foundation
import Testing

/// The repository stands on its own: every link in README.md and docs/*.md, outside code,
/// points at a file of the repository (or a heading of the page), and web addresses in prose
/// are illustrations on reserved example domains, never the outside world.
@Suite("documentation links")
struct DocumentationLinkTests {
    static let root = URL(fileURLWithPath: MonogramProcess.packageRoot).standardizedFileURL

    static var pages: [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [root.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    @Test("every relative link points at an existing file inside the repository")
    func relativeLinksExist() throws {
        #expect(Self.pages.count > 5)
        var broken: [String] = []
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for link in DocumentationLinks.targets(in: text) where !DocumentationLinks.isWebAddress(link) {
                if let problem = Self.problem(with: link, on: page, text: text) {
                    broken.append("\(page.lastPathComponent): \(link): \(problem)")
                }
            }
        }
        #expect(broken == [])
    }

    @Test("web addresses in the docs are on example domains or the local machine")
    func noOutsideAddresses() throws {
        var outside: [String] = []
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for link in DocumentationLinks.targets(in: text) where DocumentationLinks.isWebAddress(link) {
                if !DocumentationLinks.isIllustration(link) { outside.append("\(page.lastPathComponent): \(link)") }
            }
        }
        #expect(outside == [])
    }

    @Test("the link finder sees links in prose and skips code", arguments: [
        ("see [a](x.md) and ![b](y.png)", ["x.md", "y.png"]),
        (##"<img src="p.png" width="4"> <a href="#top">t</a>"##, ["p.png", "#top"]),
        ("`[not](a.md)` and\n```\n[no](b.md)\n```\n[yes](c.md#part \"title\")", ["c.md#part"]),
        ("<https://x.example.com/a>\n[r]: ref.md", ["https://x.example.com/a", "ref.md"]),
    ])
    func finder(text: String, expected: [String]) {
        #expect(DocumentationLinks.targets(in: text) == expected)
    }

    @Test("headings become GitHub anchors", arguments: [
        ("Limits (all in the `pictures` section; docs/configuration.md)", "limits-all-in-the-pictures-section-docsconfigurationmd"),
        ("Embedding: `<img>` with `srcset`", "embedding-img-with-srcset"),
        ("GET|HEAD /avatar/{name}", "gethead-avatarname"),
    ])
    func anchors(heading: String, anchor: String) {
        #expect(DocumentationLinks.anchor(heading) == anchor)
    }

    /// Nil when `link` (relative to `page`) names an existing file inside the repository and,
    /// with a `#fragment` into a Markdown page (this one or another), an existing heading.
    static func problem(with link: String, on page: URL, text: String) -> String? {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let path = parts[0].removingPercentEncoding ?? parts[0]
        if path.isEmpty {
            let anchors = DocumentationLinks.headings(in: text).map(DocumentationLinks.anchor)
            return parts.count > 1 && !anchors.contains(parts[1]) ? "no such heading" : nil
        }
        if path.hasPrefix("/") { return "absolute path" }
        let target = URL(fileURLWithPath: path, relativeTo: page.deletingLastPathComponent()).standardizedFileURL
        guard target.path.hasPrefix(root.path + "/") else { return "outside the repository" }
        guard FileManager.default.fileExists(atPath: target.path) else { return "no such file" }
        guard parts.count > 1, target.pathExtension == "md", let other = try? String(contentsOf: target, encoding: .utf8) else { return nil }
        return DocumentationLinks.headings(in: other).map(DocumentationLinks.anchor).contains(parts[1]) ? nil : "no such heading"
    }
}

/// Finds link targets in Markdown the way a reader sees them: not inside fenced or indented
/// code blocks, nor inside inline code spans.
enum DocumentationLinks {
    static func targets(in text: String) -> [String] {
        var found: [String] = []
        for line in prose(text) {
            let visible = line.replacing(/`[^`]*`/, with: "")
            for match in visible.matches(of: /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/) { found.append(String(match.1)) }
            for match in visible.matches(of: /(?:src|href)="([^"]+)"/) { found.append(String(match.1)) }
            for match in visible.matches(of: /<((?:https?|mailto):[^>\s]+)>/) { found.append(String(match.1)) }
            if let match = visible.wholeMatch(of: /\s{0,3}\[[^\]]+\]:\s+(\S+).*/) { found.append(String(match.1)) }
        }
        return found
    }

    /// Lines outside ``` / ~~~ fences and 4-space indented blocks.
    static func prose(_ text: String) -> [Substring] {
        var inFence = false
        var lines: [Substring] = []
        var previousBlank = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            let indentedCode = previousBlank && line.hasPrefix("    ") && !trimmed.hasPrefix("*") && !trimmed.hasPrefix("-")
            if !inFence && !indentedCode { lines.append(line) }
            previousBlank = trimmed.isEmpty || (indentedCode && previousBlank)
        }
        return lines
    }

    static func headings(in text: String) -> [String] {
        prose(text).compactMap { line in
            guard let match = line.wholeMatch(of: /#{1,6}\s+(.+?)\s*#*\s*/) else { return nil }
            return String(match.1)
        }
    }

    /// GitHub's heading anchor: lower case, punctuation other than `-` and `_` dropped,
    /// spaces to hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
            return nil
        })
    }

    static func isWebAddress(_ link: String) -> Bool {
        link.contains("://") || link.hasPrefix("mailto:")
    }

    /// `example.com`/`.org`/`.net` and their subdomains (RFC 2606), or this machine.
    static func isIllustration(_ link: String) -> Bool {
        guard let host = URLComponents(string: link)?.host?.lowercased() else { return false }
        let reserved = ["example.com", "example.org", "example.net"]
        return ["localhost", "127.0.0.1"].contains(host)
            || reserved.contains { host == $0 || host.hasSuffix("." + $0) }
    }
}
