import MonogramClient
import Testing

/// Every case of clients/cases.json, the table clients/js/monogram.mjs is tested against too:
/// the Swift client must build the same URLs and signatures byte for byte.
@Suite("client case table")
struct CaseTableTests {
    typealias Case = ClientCaseTable.Case

    @Test("the table is read and covers every kind")
    func coverage() {
        let kinds = Set(ClientCaseTable.table.cases.map(\.kind))
        #expect(kinds == ["avatar", "group", "likedBy", "gravatar", "avatarView", "srcset", "error"])
        #expect(ClientCaseTable.table.cases.filter { $0.sign != nil }.count >= 5)
    }

    @Test("builds the table's URL byte for byte", arguments: ClientCaseTable.table.cases.filter { $0.kind != "error" })
    func builds(_ c: Case) throws {
        let built = try ClientCaseTable.run(c)
        if c.kind == "srcset" {
            #expect(built.srcset?.src == c.src)
            #expect(built.srcset?.srcset == c.srcset)
        } else {
            #expect(built.url == c.url)
        }
    }

    @Test("refuses what the table says cannot be sent, naming the parameter", arguments: ClientCaseTable.table.cases.filter { $0.kind == "error" })
    func refuses(_ c: Case) {
        do {
            _ = try ClientCaseTable.run(c)
            Issue.record("\(c.title): built a URL")
        } catch {
            #expect(error.parameter == c.error)
        }
    }
}
