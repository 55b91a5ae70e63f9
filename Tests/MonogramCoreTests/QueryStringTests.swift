import Testing
@testable import MonogramCore

@Suite("Query string")
struct QueryStringTests {
    /// Flattened so the expectations read as one string per case.
    private func pairs(_ raw: String) throws -> String {
        try QueryString.parse(raw).map { "\($0.name)=\($0.value)" }.joined(separator: ",")
    }

    @Test("splits and decodes", arguments: [
        ("size=64&shape=circle", "size=64,shape=circle"),
        ("", ""),
        ("&", ""),
        ("a&&b&", "a=,b="),
        ("flag", "flag="),
        ("a=", "a="),
        ("=x", "=x"),
        ("a=b=c", "a=b=c"),
        ("initials=J+D", "initials=J D"),
        ("initials=J%2BD", "initials=J+D"),
        ("bg=%23fff", "bg=#fff"),
        ("x=%c3%a9&%C3%A9=y", "x=é,é=y"),
        ("name=%E7%8E%8B%E5%B0%8F%E6%98%8E", "name=王小明"),
        ("a=1&a=2", "a=1,a=2"),
        ("x=%26%3D", "x=&="),
    ])
    func splitsAndDecodes(_ raw: String, _ expected: String) throws {
        #expect(try pairs(raw) == expected)
    }

    @Test("keeps order and repeats for the options parser to judge")
    func keepsOrder() throws {
        let parsed = try QueryString.parse("b=2&a=1&b=3")
        #expect(parsed.map(\.name) == ["b", "a", "b"])
        #expect(parsed.map(\.value) == ["2", "1", "3"])
    }

    @Test("accepts a Substring without copying it first")
    func substring() throws {
        let target = "/avatar/x?size=64"
        let query = target[target.index(after: target.firstIndex(of: "?")!)...]
        #expect(try QueryString.parse(query).first?.value == "64")
    }

    @Test("raw non-ASCII in the target is kept as is")
    func rawUnicode() throws {
        #expect(try pairs("initials=王") == "initials=王")
    }

    @Test("rejects bad percent-encoding", arguments: ["x=%", "x=%4", "x=%zz", "x=%4g", "%GG=1", "a=1&b=%"])
    func badPercent(_ raw: String) {
        #expect(throws: OptionsError(parameter: "query", message: "query string has invalid percent-encoding")) {
            try QueryString.parse(raw)
        }
    }

    @Test("rejects bytes that are not UTF-8", arguments: ["x=%FF", "x=%C3", "x=%C0%AF", "x=%ED%A0%80", "%80=1"])
    func badUTF8(_ raw: String) {
        #expect(throws: OptionsError(parameter: "query", message: "query string is not valid UTF-8")) {
            try QueryString.parse(raw)
        }
    }
}
