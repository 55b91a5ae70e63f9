/// Turns CSV records into directory rows: the header row names the columns (`email`, `name`,
/// optional `picture` and `id`, in any order and case; other columns are ignored), every other
/// record becomes a `DirectoryRow` or a `DirectoryProblem` naming its line.
///
/// Pure and I/O-free so the fuzz target drives it together with `CSVReader`.
public struct DirectoryRows: Sendable {
    struct Columns: Sendable {
        var email: Int
        var name: Int
        var picture: Int?
        var id: Int?
        var count: Int
    }

    /// Longest address accepted (RFC 5321's path limit).
    public static let maxEmailBytes = 254
    /// Names and colour keys as long as `/avatar` accepts them.
    public static let maxNameBytes = 256
    public static let maxPictureBytes = 2048

    private var columns: Columns?
    /// Why the file as a whole cannot be used (a header without `email`/`name`, bad UTF-8).
    public private(set) var rejection: String?
    public private(set) var problems: [DirectoryProblem] = []
    /// Problems reported in full; past this only counted (a garbage file must not fill the log).
    public let maxReportedProblems: Int
    public private(set) var problemCount = 0

    public init(maxReportedProblems: Int = 100) {
        self.maxReportedProblems = maxReportedProblems
    }

    /// The row `record` holds, or nil (header, blank line, malformed: see `problems`).
    public mutating func row(_ record: CSVReader.Record) -> DirectoryRow? {
        guard rejection == nil else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(record.count)
        for index in 0..<record.count {
            guard let text = String(validating: record.field(index), as: UTF8.self) else {
                rejection = "line \(record.line) is not valid UTF-8"
                return nil
            }
            texts.append(text)
        }
        guard let columns else {
            header(texts, line: record.line)
            return nil
        }
        if texts.count == 1 && texts.first?.isEmpty == true { return nil }  // a blank line
        if let reason = record.malformed { return problem(record.line, reason) }
        if texts.count > columns.count { return problem(record.line, "\(texts.count) fields, the header has \(columns.count)") }
        let email = DirectoryRows.field(texts, columns.email).trimmed
        guard !email.isEmpty else { return problem(record.line, "no e-mail address") }
        guard email.utf8.count <= DirectoryRows.maxEmailBytes, email.contains("@") else {
            return problem(record.line, "not an e-mail address")
        }
        let name = DirectoryRows.field(texts, columns.name).trimmed
        guard name.utf8.count <= DirectoryRows.maxNameBytes else { return problem(record.line, "name over \(DirectoryRows.maxNameBytes) bytes") }
        let id = columns.id.map { DirectoryRows.field(texts, $0).trimmed } ?? ""
        guard id.utf8.count <= DirectoryRows.maxNameBytes else { return problem(record.line, "id over \(DirectoryRows.maxNameBytes) bytes") }
        let picture = columns.picture.map { DirectoryRows.field(texts, $0).trimmed } ?? ""
        guard picture.utf8.count <= DirectoryRows.maxPictureBytes else {
            return problem(record.line, "picture over \(DirectoryRows.maxPictureBytes) bytes")
        }
        return DirectoryRow(line: record.line, email: email, name: name, picture: picture.isEmpty ? nil : picture, id: id.isEmpty ? nil : id)
    }

    /// Records a problem found outside this type (a duplicate address, a picture the allow-list
    /// refuses) in the same report.
    public mutating func report(_ problem: DirectoryProblem) {
        problemCount += 1
        if problems.count < maxReportedProblems { problems.append(problem) }
    }

    /// The header, if one was read; a file without rows never gets one.
    public var sawHeader: Bool { columns != nil }

    private mutating func header(_ names: [String], line: Int) {
        let folded = names.map { $0.trimmed.lowercased() }
        guard let email = folded.firstIndex(of: "email"), let name = folded.firstIndex(of: "name") else {
            rejection = "line \(line): the header row must name the columns email and name"
            return
        }
        columns = Columns(email: email, name: name, picture: folded.firstIndex(of: "picture"), id: folded.firstIndex(of: "id"), count: names.count)
    }

    private mutating func problem(_ line: Int, _ reason: String) -> DirectoryRow? {
        report(DirectoryProblem(line: line, reason: reason))
        return nil
    }

    /// A missing trailing field is empty (spreadsheets drop empty trailing cells).
    static func field(_ texts: [String], _ index: Int) -> String {
        index < texts.count ? texts[index] : ""
    }
}

/// One valid directory row, trimmed.
public struct DirectoryRow: Sendable, Equatable {
    public var line: Int
    public var email: String
    public var name: String
    public var picture: String?
    public var id: String?
}

/// A row skipped while loading: logged as `line N: reason`.
public struct DirectoryProblem: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "line \(line): \(reason)" }
}

extension String {
    /// Without leading and trailing white space (Gravatar trims addresses before hashing).
    var trimmed: String {
        // Fast path (nearly every field): printable ASCII at both ends, nothing to trim.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
