// libFuzzer harness for the directory's CSV reader and row rules (compiled by scripts/fuzz.sh
// with Sources/MonogramGravatar/Directory/CSVReader.swift and DirectoryRows.swift). Input: any bytes, as
// a directory file.
//
// Invariants: parsing never crashes; every record respects the field-count and field-size
// bounds; feeding the input in two pieces (split where its first byte says) gives the same
// records as feeding it at once; writing well-formed records back out with every field quoted
// and reading that gives the same fields; every row the rules accept has a trimmed address
// with an `@` within the byte limits, and spells every column: email, name, picture, id.

func records(_ bytes: [UInt8], split: Int) -> (records: [CSVReader.Record], failure: CSVReader.Failure?) {
    var reader = CSVReader(maxFieldBytes: 64, maxFields: 8)
    var out: [CSVReader.Record] = []
    let cut = min(split, bytes.count)
    reader.feed(bytes[..<cut]) { out.append($0) }
    reader.feed(bytes[cut...]) { out.append($0) }
    do throws(CSVReader.Failure) {
        try reader.finish { out.append($0) }
        return (out, nil)
    } catch {
        return (out, error)
    }
}

func quoted(_ records: [CSVReader.Record]) -> [UInt8] {
    var out: [UInt8] = []
    for record in records {
        for (index, field) in record.fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            for byte in field {
                out.append(byte)
                if byte == UInt8(ascii: "\"") { out.append(byte) }
            }
            out.append(UInt8(ascii: "\""))
        }
        out += [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = records(bytes, split: bytes.count)
    let pieces = records(bytes, split: Int(bytes.first ?? 0))
    check(whole.records == pieces.records && whole.failure == pieces.failure, "chunking changed the records")
    for record in whole.records {
        check(record.fields.count <= 8, "more fields than the bound")
        check(record.fields.allSatisfy { $0.count <= 64 }, "a field over the bound")
        check(record.line >= 1, "line numbers start at 1")
    }
    let wellFormed = whole.records.filter { $0.malformed == nil && !$0.fields.isEmpty }
    // A BOM-looking first field would be read as a mark the second time; skip that case.
    if whole.failure == nil, wellFormed.first?.fields.first?.starts(with: [0xEF, 0xBB, 0xBF]) != true {
        let again = records(quoted(wellFormed), split: 7)
        check(again.failure == nil, "quoted output did not parse")
        check(again.records.map(\.fields) == wellFormed.map(\.fields), "quoting round trip changed fields")
    }
    var rows = DirectoryRows(maxReportedProblems: 4)
    // A header that names every column, then the input's records as rows.
    _ = rows.row(CSVReader.Record(line: 1, fields: ["email", "name", "picture", "id"].map { Array($0.utf8) }, malformed: nil))
    for record in whole.records {
        guard let row = rows.row(record) else { continue }
        check(row.email.contains("@") && row.email.utf8.count <= DirectoryRows.maxEmailBytes, "bad address accepted")
        check(row.email == row.email.trimmed && row.name == row.name.trimmed, "untrimmed field")
        check(row.name.utf8.count <= DirectoryRows.maxNameBytes, "name over the bound")
        check((row.id?.utf8.count ?? 0) <= DirectoryRows.maxNameBytes, "id over the bound")
        check((row.picture?.utf8.count ?? 0) <= DirectoryRows.maxPictureBytes, "picture over the bound")
        check(row.picture?.isEmpty != true && row.id?.isEmpty != true, "empty optional kept")
    }
    check(rows.problems.count <= 4, "more problems kept than the bound")
    return 0
}
