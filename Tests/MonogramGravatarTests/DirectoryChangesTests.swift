import MonogramCrypto
@testable import MonogramGravatar
import Testing

@Suite("Directory changes between reloads (API §9)")
struct DirectoryChangesTests {
    func load(_ rows: String) throws -> Directory {
        try #require(DirectoryLoader.load(bytes: Array(("email,name,picture,id\n" + rows).utf8)).directory)
    }

    func hashes(_ address: String) throws -> [String] {
        [Digest.hex(try Digest.md5(Array(address.utf8))), Digest.hex(try Digest.sha256(Array(address.utf8)))]
    }

    @Test("removed and changed entries name their old key; new addresses their hashes; unchanged nothing")
    func changes() throws {
        let old = try load("ann@example.com,Ann,,k-ann\nbob@example.com,Bob,,\ncy@example.com,Cy,,k-cy\n")
        let new = try load("ann@example.com,Ann,,k-ann\nbob@example.com,Robert,,\ndee@example.com,Dee,,k-dee\n")
        let keys = new.changedKeys(from: old)
        let expected = ["bob@example.com", "k-cy"] + (try hashes("dee@example.com"))
        #expect(Set(keys) == Set(expected))
        #expect(keys.count == expected.count)
        #expect(new.changedKeys(from: new).isEmpty)
        // A key change is a change: the answers were filed under the old key.
        let moved = try load("ann@example.com,Ann,,k-ann2\nbob@example.com,Robert,,\ndee@example.com,Dee,,k-dee\n")
        #expect(moved.changedKeys(from: new) == ["k-ann"])
        // From nothing, every address is new.
        #expect(Set(old.changedKeys(from: nil)) == Set(try ["ann@example.com", "bob@example.com", "cy@example.com"].flatMap(hashes)))
    }
}
