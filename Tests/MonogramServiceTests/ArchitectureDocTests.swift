import Foundation
import Testing

/// docs/architecture.md and the README describe the house as it is: every target of
/// Package.swift and every folder of Sources/ is named (issue 23: the docs described a tidier
/// house than the code, and the README's target list missed four targets).
@Suite("architecture docs name every target and folder")
struct ArchitectureDocTests {
    static let root = ServiceTestSupport.packageRoot

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// The `name:` of every `.target`, `.testTarget`, `.executableTarget` and `.systemLibrary`.
    static func targets() throws -> [String] {
        let manifest = try read("Package.swift")
        let pattern = try NSRegularExpression(pattern: #"\.(target|testTarget|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)""#)
        return pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).compactMap { match in
            Range(match.range(at: 2), in: manifest).map { String(manifest[$0]) }
        }
    }

    /// Every folder under Sources/, relative to it (`MonogramRender/Drawing`), but C headers' `include/`.
    static func sourceFolders() throws -> [String] {
        let sources = URL(fileURLWithPath: root + "/Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: [.isDirectoryKey]))
        var folders: [String] = []
        for case let url as URL in walker {
            guard try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true, url.lastPathComponent != "include" else { continue }
            folders.append(String(url.standardizedFileURL.path.dropFirst(sources.standardizedFileURL.path.count + 1)))
        }
        return folders.sorted()
    }

    @Test("the manifest and Sources/ are read")
    func found() throws {
        #expect(try Self.targets().count >= 20)
        #expect(try Self.sourceFolders().contains("MonogramRender/Drawing"))
    }

    @Test("docs/architecture.md names every target")
    func everyTarget() throws {
        let doc = try Self.read("docs/architecture.md")
        for target in try Self.targets() {
            #expect(doc.contains("`\(target)`"), "docs/architecture.md does not name the target \(target)")
        }
    }

    @Test("docs/architecture.md names every folder of Sources/")
    func everyFolder() throws {
        let doc = try Self.read("docs/architecture.md")
        for folder in try Self.sourceFolders() {
            #expect(doc.contains("`\(folder)/`"), "docs/architecture.md does not name Sources/\(folder)/")
        }
    }

    @Test("the README names every target")
    func readmeTargets() throws {
        let readme = try Self.read("README.md")
        for target in try Self.targets() {
            #expect(readme.range(of: #"\b\#(target)\b"#, options: .regularExpression) != nil, "README.md does not name the target \(target)")
        }
    }

    @Test("no folder of Sources/ holds more than 20 Swift files, and no Swift file is over 250 lines")
    func small() throws {
        let sources = Self.root + "/Sources"
        for folder in try Self.sourceFolders() {
            let files = try FileManager.default.contentsOfDirectory(atPath: sources + "/" + folder).filter { $0.hasSuffix(".swift") }
            #expect(files.count <= 20, "Sources/\(folder) holds \(files.count) Swift files")
            for file in files {
                let text = try String(contentsOfFile: sources + "/" + folder + "/" + file, encoding: .utf8)
                let lines = text.utf8.count(where: { $0 == UInt8(ascii: "\n") })
                #expect(lines <= 250, "Sources/\(folder)/\(file) has \(lines) lines")
            }
        }
    }

    @Test("make unit exists, skips only the live tests, and the Makefile's help and the README name it")
    func makeUnit() throws {
        let makefile = try Self.read("Makefile")
        #expect(makefile.contains("\nunit:"))
        #expect(makefile.contains("## unit:"))
        #expect(makefile.contains("--skip 'MonogramIntegrationTests\\.'"))
        #expect(try Self.read("README.md").contains("make unit"))
        // Every target of the Makefile has a `## name:` line, which `make help` prints.
        let targets = makefile.split(separator: "\n").compactMap { line -> Substring? in
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("\t"), !line.hasPrefix("#"), !line.hasPrefix("."),
                !line.contains("="), !line[..<colon].contains(" ") else { return nil }
            return line[..<colon]
        }
        #expect(targets.contains("unit"))
        for target in targets {
            #expect(makefile.contains("## \(target):") || makefile.contains("## \(target) /") || makefile.contains("/ \(target):"), "make help does not list \(target)")
        }
    }
}
