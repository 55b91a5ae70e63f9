import Testing
@testable import MonogramCore

private func key(_ query: String, names: [String] = ["a", "b", "c"]) throws -> String {
    try GroupOptions(query: QueryString.parse(query), limits: OptionLimits(fonts: ["Noto Sans"]), nameCount: names.count)
        .canonicalKey(names: names)
}

@Suite("Group canonical key")
struct GroupKeyTests {
    @Test("the defaults have the documented key")
    func defaultKey() {
        #expect(GroupOptions().canonicalKey == "2:64,1:1,2:ci,0:,1:3,3:0.3,1:4,7:#FFFFFF,1:0,1:2,1:1,3:0.5,0:,1:-,3:png,5:light,1:0,0:,1:0,3:ltr,1:0,1:-,0:,1:0,")
    }

    @Test("equivalent queries share one key", arguments: [
        ("size=32&more=1&max=2", "max=2&more=true&size=32"),
        ("", "size=64&dpr=1&max=3&overlap=0.30&border=4&border-color=FFF&more=no&shape=circle&format=png"),
        ("", "bg=000&v=2"),
        ("size=40", "size=40&border=3"),
        ("border-color=transparent", "border-color=00000000"),
        ("border-color=transparent", "border-color=%23ff000000"),
        ("picture=", ""),
        ("picture=https%3A%2F%2Fx.example%2F1&picture=", "picture=https%3A%2F%2Fx.example%2F1"),
        ("shape=rounded", "shape=rounded&radius=0.25"),
    ])
    func equivalent(_ first: String, _ second: String) throws {
        #expect(try key(first) == key(second))
    }

    @Test("different meanings have different keys", arguments: [
        ("", "size=65"), ("", "max=2"), ("", "overlap=0.4"), ("", "border=5"), ("", "border-color=000"),
        ("", "more=1"), ("", "shape=square"), ("shape=rounded", "shape=rounded&radius=0.3"), ("", "format=svg"),
        ("", "dpr=2"), ("", "length=1"), ("", "uppercase=0"), ("", "font-size=0.4"), ("", "font=Noto+Sans"),
        ("", "bold=0"), ("", "picture=https%3A%2F%2Fx.example%2F1"),
        ("picture=&picture=https%3A%2F%2Fx.example%2F1", "picture=https%3A%2F%2Fx.example%2F1"),
    ])
    func different(_ first: String, _ second: String) throws {
        #expect(try key(first) != key(second))
    }

    @Test("names are part of the key, commas inside names included")
    func names() throws {
        #expect(try key("", names: ["a,b"]) != key("", names: ["a", "b"]))
        #expect(try key("", names: ["a", "b"]) != key("", names: ["b", "a"]))
        #expect(try key("", names: ["a", ""]) != key("", names: ["a"]))
        #expect(try key("", names: ["a|1:b"]) != key("", names: ["a", "b"]))
    }
}
