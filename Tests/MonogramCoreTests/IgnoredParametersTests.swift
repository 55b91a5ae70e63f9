import MonogramCore
import Testing

@Suite("ignored parameters (API §11)")
struct IgnoredParametersTests {
    static let known: Set<String> = ["size", "shape"]

    @Test("unknown names, decoded, each once, sorted; known ones, v, sig and exp never", arguments: [
        ("size=3&shape=circle", []),
        ("v=2&sig=x&exp=5", []),
        ("seed=a&s=64&rounded=true&v=9", ["rounded", "s", "seed"]),
        ("Size=3&size=4", ["Size"]),
        ("%73ize=3&s%69ze=4", []),
        ("b&a=&b=1&&", ["a", "b"]),
        ("na+me=1&x%2Cy=2&%C3%A9=3&q%22=4", ["%C3%A9", "na%20me", "q%22", "x%2Cy"]),
        ("%zz=1", ["%25zz"]),
        // The options fuzz target's first find: `=b=c` has no name and is not an empty entry.
        ("a&&=b=c&%zz&+%2B&initials=x", ["%20+", "%25zz", "a", "initials"]),
    ] as [(String, [String])])
    func names(_ query: String, _ expected: [String]) {
        #expect(IgnoredParameters.names(in: Substring(query), known: Self.known) == expected)
    }

    @Test("at most 8, the first in sort order; a long name is cut")
    func bounds() {
        let query = (1...12).map { "p\($0)=1" }.joined(separator: "&")
        #expect(IgnoredParameters.names(in: Substring(query), known: []) == ["p1", "p10", "p11", "p12", "p2", "p3", "p4", "p5"])
        let long = IgnoredParameters.names(in: Substring(String(repeating: "%C3%A9", count: 40) + "=1"), known: [])
        #expect(long.count == 1 && long[0].utf8.count <= IgnoredParameters.maxNameBytes + 3 && long[0].hasSuffix("..."))
    }

    @Test("every route's known names are the ones its parser reads")
    func routes() {
        #expect(AvatarOptions.knownParameters.isSuperset(of: ["size", "bg", "background", "matte", "gradient", "fallback"]))
        #expect(GroupOptions.knownParameters.isSuperset(of: ["size", "max", "border-color", "matte", "picture", "id"]))
        #expect(!AvatarOptions.knownParameters.contains("s") && !AvatarOptions.knownParameters.contains("v"))
    }
}
