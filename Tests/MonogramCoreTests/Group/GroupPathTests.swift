import Testing
@testable import MonogramCore

@Suite("Group names")
struct GroupPathTests {
    @Test("the list is split on commas before percent-decoding", arguments: [
        ("Jane%20Roe,John+Smith", ["Jane Roe", "John Smith"]),
        ("Roe%2C%20Jane,Kim", ["Roe, Jane", "Kim"]),
        ("a%2cb", ["a,b"]),
        ("a,,b", ["a", "", "b"]),
        ("", [""]),
        (",", ["", ""]),
        ("%20,x", ["", "x"]),
        ("e%CC%81,%CC%81", ["\u{E9}", "\u{301}"]),
    ])
    func split(_ raw: String, _ names: [String]) throws {
        #expect(try GroupPath.names(Substring(raw)) == names)
    }

    @Test("a comma followed by a combining mark still separates names")
    func combiningAfterComma() throws {
        let raw = ",\u{301}"
        #expect(raw.count == 1) // one Character: a split by Character would find no comma
        #expect(try GroupPath.names(Substring(raw)) == ["", "\u{301}"])
    }

    @Test("1 to 100 names are accepted; 101 is a 400 naming the list")
    func count() throws {
        let hundred = Array(repeating: "x", count: 100).joined(separator: ",")
        #expect(try GroupPath.names(Substring(hundred)).count == 100)
        let error = OptionsError(parameter: "names", message: "a group must list 1 to 100 names, separated by commas")
        #expect(throws: error) { try GroupPath.names(Substring(hundred + ",y")) }
        #expect(throws: error) { try GroupPath.names(Substring(String(repeating: ",", count: 100))) }
    }

    @Test("each name is decoded and bounded like /avatar's")
    func decoding() {
        #expect(throws: OptionsError(parameter: "name", message: "name has invalid percent-encoding")) {
            try GroupPath.names("a,%zz")
        }
        #expect(throws: OptionsError(parameter: "name", message: "name is not valid UTF-8")) {
            try GroupPath.names("%FF,a")
        }
        #expect(throws: OptionsError(parameter: "name", message: "name must be at most 256 bytes")) {
            try GroupPath.names(Substring("a," + String(repeating: "b", count: 257)))
        }
    }
}
