import Foundation
import Testing

/// deploy/varnish/monogram.vcl keeps exactly the query parameters Monogram reads on each route
/// (the rest are dropped from the edge's key, API §9): a parameter added to a parser and not
/// to the VCL would be stripped at the edge and answered wrongly, so the lists are compared
/// with the parsers' own.
@Suite("the shipped VCL's parameter lists")
struct EdgeVCLTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: MonogramProcess.packageRoot + "/" + path, encoding: .utf8)
    }

    /// The names in the VCL's keep-list for `route` (the `(?:a|b|…)` after its `~ "^/route/"`).
    static func vclList(_ route: String) throws -> Set<String> {
        let vcl = try read("deploy/varnish/monogram.vcl")
        let start = try #require(route == "gravatar" ? vcl.range(of: "} else {\n        set req.http.X-Monogram-Query") : vcl.range(of: "req.url ~ \"^/\(route)/\") {\n"))
        let list = try #require(vcl[start.upperBound...].firstMatch(of: /\(\?!\(\?:([a-z|-]+)\)/))
        return Set(list.1.split(separator: "|").map(String.init))
    }

    static func quoted(_ text: Substring) -> Set<String> {
        Set(text.matches(of: /"([a-z-]+)"/).map { String($0.1) })
    }

    @Test("/avatar, /group and /gravatar keep the names their parsers read, and only those")
    func lists() throws {
        let avatarSource = try Self.read("Sources/MonogramCore/Options/AvatarQuery.swift")
        let avatarNames = try #require(avatarSource.firstMatch(of: /static let names = \[([^\]]*)\]/))
        // `background` is `bg`'s alias, spelled apart in the parser.
        #expect(try Self.vclList("avatar") == Self.quoted(avatarNames.1).union(["background"]))

        let groupSource = try Self.read("Sources/MonogramCore/Group/GroupQuery.swift")
        let groupNames = try #require(groupSource.firstMatch(of: /static let known = \[([^\]]*)\]/))
        #expect(try Self.vclList("group") == Self.quoted(groupNames.1))

        // `r`/`rating` are accepted and ignored (the answer does not change): dropped too.
        let gravatar = try Self.read("Sources/MonogramGravatar/GravatarQuery.swift")
        var read: Set<String> = []
        for match in gravatar.matches(of: /value\("([a-z]+)", "([a-z]+)"\)/) { read.formUnion([String(match.1), String(match.2)]) }
        for match in gravatar.matches(of: /seen\["([a-z]+)"\]/) { read.insert(String(match.1)) }
        #expect(read.count >= 8)
        #expect(try Self.vclList("gravatar") == read)
    }
}
