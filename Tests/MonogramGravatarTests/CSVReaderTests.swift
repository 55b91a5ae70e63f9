import Testing
@testable import MonogramGravatar

@Suite("CSV reader (RFC 4180)")
struct CSVReaderTests {
    func records(_ text: String, chunk: Int = 1) throws -> [CSVReader.Record] {
        var reader = CSVReader()
        var out: [CSVReader.Record] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            reader.feed(bytes[start..<min(start + chunk, bytes.count)]) { out.append($0) }
            start += chunk
        }
        try reader.finish { out.append($0) }
        return out
    }

    func fields(_ record: CSVReader.Record) -> [String] { record.fields.map { String(decoding: $0, as: UTF8.self) } }

    @Test("splits fields and records with LF and CRLF, fed byte by byte or at once", arguments: [1, 3, 4096])
    func splits(chunk: Int) throws {
        let out = try records("a,b\r\nc,d\ne,f", chunk: chunk)
        #expect(out.map(fields) == [["a", "b"], ["c", "d"], ["e", "f"]])
        #expect(out.map(\.line) == [1, 2, 3])
    }

    @Test("quoted fields hold commas, doubled quotes and line breaks; the next record's line counts them")
    func quoted() throws {
        let out = try records("\"a,\"\"b\"\"\",\"line\nbreak\"\nnext,x\n")
        #expect(out.map(fields) == [["a,\"b\"", "line\nbreak"], ["next", "x"]])
        #expect(out.map(\.line) == [1, 3])
        #expect(out.allSatisfy { $0.malformed == nil })
    }

    @Test("a quote inside an unquoted field or text after a closing quote marks only that record")
    func malformed() throws {
        let out = try records("ok,1\nba\"d,2\n\"x\"y,3\nfine,4\n")
        #expect(out.map { $0.malformed != nil } == [false, true, true, false])
        #expect(out.last.map(fields) == ["fine", "4"])
    }

    @Test("line numbers count every line, also after empty fields at a line's end")
    func lineNumbers() throws {
        let out = try records("a,\nb,\r\n,\nc\n")
        #expect(out.map(\.line) == [1, 2, 3, 4])
    }

    @Test("a quoted field never closed is an error naming the line it opened on")
    func unterminated() throws {
        #expect(throws: CSVReader.Failure.unterminatedQuote(line: 2)) { try records("a,b\n\"open,c\nd,e\n") }
    }

    @Test("a leading byte-order mark is not part of the first field")
    func byteOrderMark() throws {
        let out = try records("\u{FEFF}email,name\n")
        #expect(out.map(fields) == [["email", "name"]])
    }

    @Test("a field over the byte limit and a record over the field limit are malformed, not kept")
    func limits() {
        var reader = CSVReader(maxFieldBytes: 4, maxFields: 2)
        var out: [CSVReader.Record] = []
        reader.feed(Array("abcdefgh,b\na,b,c\nok,1\n".utf8)) { out.append($0) }
        #expect(out.map { $0.malformed != nil } == [true, true, false])
        #expect(out[0].fields.first?.count == 4)
    }
}
