import Glibc
import MonogramCrypto

/// Reads a directory file (API §7) in chunks through `CSVReader` and `DirectoryRows` into a
/// `Directory`, or says why the whole file is rejected. Skipped rows are in `problems` either way.
public enum DirectoryLoader {
    public struct Outcome: Sendable {
        public var directory: Directory?
        /// Why nothing was loaded (the caller keeps its previous directory), or nil.
        public var rejection: String?
        /// Rows skipped, with line numbers (at most `DirectoryRows.maxReportedProblems`).
        public var problems: [DirectoryProblem]
        /// All rows skipped, including those past the reported ones.
        public var skipped: Int
    }

    /// Bytes read per `read(2)`: large enough that system calls do not dominate, small enough to
    /// stay out of the way of a 1 GiB container.
    static let chunkBytes = 1 << 20

    /// Loads `path`. `checkPicture` returns why a `picture` cannot be used (for example a host
    /// outside §3's allow-list), or nil; such a row is loaded without its picture and reported.
    public static func load(path: String, checkPicture: @escaping (String) -> String? = { _ in nil }) -> Outcome {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return Outcome(directory: nil, rejection: "cannot open \(path): \(String(cString: strerror(errno)))", problems: [], skipped: 0)
        }
        defer { close(descriptor) }
        var parser = Parser(checkPicture: checkPicture)
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return parser.rejected("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            parser.feed(chunk.prefix(count))
            if let rejection = parser.rejection { return parser.rejected(rejection) }
        }
        return parser.finish()
    }

    /// Loads from bytes already in memory (tests, the fuzz target's neighbour).
    public static func load(bytes: [UInt8], checkPicture: @escaping (String) -> String? = { _ in nil }) -> Outcome {
        var parser = Parser(checkPicture: checkPicture)
        parser.feed(bytes[...])
        if let rejection = parser.rejection { return parser.rejected(rejection) }
        return parser.finish()
    }

    struct Parser {
        var reader = CSVReader()
        var rows = DirectoryRows()
        var builder = DirectoryBuilder()
        var failure: String?
        let checkPicture: (String) -> String?

        init(checkPicture: @escaping (String) -> String?) {
            self.checkPicture = checkPicture
        }

        var rejection: String? { failure ?? rows.rejection }

        mutating func feed(_ bytes: ArraySlice<UInt8>) {
            var pending: [CSVReader.Record] = []
            reader.feed(bytes) { pending.append($0) }
            for record in pending { take(record) }
        }

        mutating func take(_ record: CSVReader.Record) {
            guard failure == nil, var row = rows.row(record) else { return }
            if let picture = row.picture, let reason = checkPicture(picture) {
                rows.report(DirectoryProblem(line: row.line, reason: "picture not used: \(reason)"))
                row.picture = nil
            }
            do throws(CryptoError) {
                if let problem = try builder.add(row) { rows.report(problem) }
            } catch {
                failure = "\(error)"
            }
        }

        mutating func finish() -> Outcome {
            var last: [CSVReader.Record] = []
            do throws(CSVReader.Failure) {
                try reader.finish { last.append($0) }
            } catch {
                switch error {
                case .unterminatedQuote(let line): return rejected("line \(line): a quoted field is never closed")
                }
            }
            for record in last { take(record) }
            if let rejection { return rejected(rejection) }
            guard rows.sawHeader else { return rejected("the file is empty: no header row") }
            var rows = self.rows
            let directory = builder.build { rows.report($0) }
            self.rows = rows
            guard directory.md5.count > 0 else { return rejected("no valid row") }
            return Outcome(directory: directory, rejection: nil, problems: rows.problems, skipped: rows.problemCount)
        }

        func rejected(_ reason: String) -> Outcome {
            Outcome(directory: nil, rejection: reason, problems: rows.problems, skipped: rows.problemCount)
        }
    }
}
