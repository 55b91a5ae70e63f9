import Foundation
import Testing

/// docs/api.md (prose) and docs/openapi.yaml (what schemathesis checks the server against)
/// describe the same API: a route or parameter added to one and not the other fails here.
@Suite("API reference and OpenAPI document")
struct APIReferenceTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: MonogramProcess.packageRoot + "/" + path, encoding: .utf8)
    }

    /// The keys under `paths:` (two-space indented, ending in `:`).
    static func routes(_ yaml: String) -> [String] {
        guard let paths = yaml.range(of: "\npaths:\n"), let end = yaml.range(of: "\ncomponents:\n") else { return [] }
        return yaml[paths.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            line.wholeMatch(of: /\ \ (\/[^:]*):/).map { String($0.1) }
        }
    }

    /// Every `name:` of a parameter object (`in: query|path|header`).
    static func parameters(_ yaml: String) -> [String] {
        yaml.matches(of: /\n\s+name: ([^\n]+)\n\s+in: (query|path|header)/).map { String($0.1) }
    }

    @Test("every route of the OpenAPI document is in docs/api.md")
    func routesDocumented() throws {
        let yaml = try Self.read("docs/openapi.yaml")
        let prose = try Self.read("docs/api.md")
        let routes = Self.routes(yaml)
        #expect(routes.count >= 7)
        #expect(routes.filter { !prose.contains("`" + $0) && !prose.contains("GET " + $0) && !prose.contains("HEAD " + $0) } == [])
    }

    @Test("every parameter of the OpenAPI document is in docs/api.md, as code")
    func parametersDocumented() throws {
        let yaml = try Self.read("docs/openapi.yaml")
        let prose = try Self.read("docs/api.md")
        let names = Set(Self.parameters(yaml))
        #expect(names.isSuperset(of: ["size", "dpr", "shape", "picture", "border-color", "If-None-Match"]))
        #expect(names.sorted().filter { !prose.contains("`\($0)`") && !prose.contains("{\($0)}") } == [])
    }

    @Test("every query parameter the parsers accept is in the OpenAPI document")
    func parsersCovered() throws {
        let yaml = try Self.read("docs/openapi.yaml")
        let names = Set(Self.parameters(yaml))
        let sources = ["Sources/MonogramCore/Options/AvatarOptions+Parsing.swift", "Sources/MonogramCore/Group/GroupOptions+Parsing.swift"]
        var accepted: Set<String> = []
        for source in sources {
            for match in try Self.read(source).matches(of: /given\["([a-z-]+)"\]/) { accepted.insert(String(match.1)) }
        }
        // /avatar's names are listed once, in `AvatarQuery.Parameter.names` (the byte parser
        // and the pair parser both look parameters up by that enum, not by string).
        let avatarQuery = try Self.read("Sources/MonogramCore/Options/AvatarQuery.swift")
        let list = try #require(avatarQuery.firstMatch(of: /static let names = \[([^\]]*)\]/))
        for match in String(list.1).matches(of: /"([a-z-]+)"/) { accepted.insert(String(match.1)) }
        #expect(accepted.count >= 15)
        // /gravatar's parameters: `value("s", "size")` pairs and `seen["name"]` lookups.
        let gravatar = try Self.read("Sources/MonogramGravatar/GravatarQuery.swift")
        for match in gravatar.matches(of: /value\("([a-z]+)", "([a-z]+)"\)/) { accepted.formUnion([String(match.1), String(match.2)]) }
        for match in gravatar.matches(of: /seen\["([a-z]+)"\]/) { accepted.insert(String(match.1)) }
        #expect(accepted.isSuperset(of: ["s", "size", "d", "default", "f", "forcedefault", "name", "initials"]))
        #expect(accepted.subtracting(names).sorted() == [])
    }
}
