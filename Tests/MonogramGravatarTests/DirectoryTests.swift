import Foundation
import Testing
import MonogramCrypto
@testable import MonogramGravatar

@Suite("Directory file")
struct DirectoryTests {
    func md5(_ address: String) throws -> GravatarHash {
        try #require(GravatarHash(digest: try Digest.md5(Array(address.utf8))))
    }

    func sha256(_ address: String) throws -> GravatarHash {
        try #require(GravatarHash(digest: try Digest.sha256(Array(address.utf8))))
    }

    func load(_ text: String) -> DirectoryLoader.Outcome { DirectoryLoader.load(bytes: Array(text.utf8)) }

    @Test("finds an entry by the MD5 and the SHA-256 of its trimmed, lower-cased address")
    func bothHashes() throws {
        let outcome = load("email,name,picture,id\n  Jane.Doe@Example.COM ,Jane Doe,,\nbob@example.com,Bob Roe,https://pics.example/b.png,emp-7\n")
        let directory = try #require(outcome.directory)
        #expect(directory.count == 2)
        let jane = try #require(directory.entry(for: try md5("jane.doe@example.com")))
        #expect(jane == directory.entry(for: try sha256("jane.doe@example.com")))
        #expect(jane.name == "Jane Doe")
        #expect(jane.colorKey == "jane.doe@example.com")
        #expect(jane.picture == nil)
        let bob = try #require(directory.entry(for: try sha256("bob@example.com")))
        #expect(bob.colorKey == "emp-7")
        #expect(bob.picture == "https://pics.example/b.png")
        #expect(directory.entry(for: try md5("nobody@example.com")) == nil)
    }

    @Test("columns in any order and case; extra columns ignored; missing trailing cells are empty")
    func columns() throws {
        let outcome = load("ID,Team,Name,EMAIL\nk1,ops,Ann Lee,ann@example.com\n,,Cy Dee,cy@example.com\n")
        let directory = try #require(outcome.directory)
        #expect(try directory.entry(for: md5("ann@example.com"))?.colorKey == "k1")
        #expect(try directory.entry(for: md5("cy@example.com"))?.colorKey == "cy@example.com")
        #expect(load("email,name,id\na@example.com,A\n").directory?.count == 1)
    }

    @Test("a malformed row is skipped and reported with its line number; the rest loads")
    func skipsRows() throws {
        let text = "email,name\nok@example.com,Ok\n,No Address\nnot-an-address,X\na@example.com,A,extra\nba\"d@example.com,B\nOK@example.com,Again\nlast@example.com,Last\n"
        let outcome = load(text)
        let directory = try #require(outcome.directory)
        #expect(directory.count == 2)
        #expect(try directory.entry(for: md5("last@example.com"))?.name == "Last")
        #expect(try directory.entry(for: md5("ok@example.com"))?.name == "Ok")
        #expect(outcome.problems.map(\.line) == [3, 4, 5, 6, 7])
        #expect(outcome.problems.last?.reason == "the same address as an earlier row")
    }

    @Test("rejects the whole file", arguments: [
        ("email,name\n\"open@example.com,A\n", "never closed"),
        ("mail,fullname\na@example.com,A\n", "email and name"),
        ("email,name\n,\nnot-an-address,B\n", "no valid row"),
        ("", "empty"),
    ])
    func rejects(text: String, reason: String) {
        let outcome = load(text)
        #expect(outcome.directory == nil)
        #expect(outcome.rejection?.contains(reason) == true)
    }

    @Test("rejects a file that is not UTF-8")
    func notUTF8() {
        let outcome = DirectoryLoader.load(bytes: Array("email,name\na@example.com,".utf8) + [0xC3, 0x28, 0x0A])
        #expect(outcome.rejection?.contains("UTF-8") == true)
    }

    @Test("a picture the checker refuses is reported and the row kept without it")
    func pictureCheck() throws {
        let outcome = DirectoryLoader.load(bytes: Array("email,name,picture\na@example.com,A,http://evil.example/x.png\n".utf8)) { _ in "host not allowed" }
        #expect(try outcome.directory?.entry(for: md5("a@example.com"))?.picture == nil)
        #expect(outcome.problems.first?.reason.contains("host not allowed") == true)
    }

    @Test("an entry's version, and the directory's, change when the entry changes")
    func versions() throws {
        let one = try #require(load("email,name\na@example.com,Ann\n").directory)
        let two = try #require(load("email,name\na@example.com,Anne\n").directory)
        let same = try #require(load("email,name\na@example.com,Ann\n").directory)
        #expect(one.version != two.version)
        #expect(one.version == same.version)
        #expect(try one.entry(for: md5("a@example.com"))?.version != two.entry(for: md5("a@example.com"))?.version)
    }

    @Test("reads a file from disk in chunks; a missing file is a rejection")
    func fromDisk() throws {
        let path = "/tmp/monogram-directory-test-\(getpid()).csv"
        var text = "email,name\n"
        for index in 0..<50_000 { text += "user\(index)@example.com,User \(index)\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let outcome = DirectoryLoader.load(path: path)
        #expect(outcome.directory?.count == 50_000)
        #expect(try outcome.directory?.entry(for: sha256("user49999@example.com"))?.name == "User 49999")
        #expect(DirectoryLoader.load(path: path + ".missing").rejection?.contains("cannot open") == true)
    }

    @Test("a FIFO, a device or a folder is refused at once, never read", arguments: ["fifo", "/dev/zero", "/tmp"])
    func onlyRegularFiles(_ which: String) {
        var path = which
        if which == "fifo" {
            path = "/tmp/monogram-directory-fifo-\(getpid())"
            unlink(path)
            #expect(mkfifo(path, 0o600) == 0)
        }
        defer { if which == "fifo" { unlink(path) } }
        // A FIFO without a writer would block open(2) and read(2) for ever; /dev/zero never ends.
        let outcome = DirectoryLoader.load(path: path)
        #expect(outcome.directory == nil)
        #expect(outcome.rejection == "\(path) is not a regular file (a FIFO, device or folder is never read)")
    }

    @Test("a file over max_directory_bytes or max_directory_rows is rejected whole")
    func bounds() throws {
        let path = "/tmp/monogram-directory-bounds-\(getpid()).csv"
        let text = "email,name\n" + (0..<10).map { "u\($0)@example.com,U \($0)\n\n" }.joined()
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let size = text.utf8.count
        #expect(DirectoryLoader.load(path: path, limits: DirectoryLimits(maxBytes: size, maxRows: 10)).directory?.count == 10)
        let big = DirectoryLoader.load(path: path, limits: DirectoryLimits(maxBytes: size - 1, maxRows: 10))
        #expect(big.directory == nil && big.rejection == "the file is larger than \(size - 1) bytes (gravatar.max_directory_bytes)")
        let long = DirectoryLoader.load(path: path, limits: DirectoryLimits(maxBytes: size, maxRows: 9))
        #expect(long.directory == nil && long.rejection == "more than 9 rows (gravatar.max_directory_rows)")
        #expect(DirectoryLoader.load(bytes: Array(text.utf8), limits: DirectoryLimits(maxBytes: 10, maxRows: 10)).rejection?.contains("larger than 10 bytes") == true)
    }
}
