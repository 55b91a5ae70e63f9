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
    ///
    /// Only a regular file is read (a FIFO would block the loader for ever, `/dev/zero` would
    /// never end): it is opened without blocking and checked with `fstat` before any read.
    public static func load(
        path: String, limits: DirectoryLimits = .default, checkPicture: @escaping (String) -> String? = { _ in nil }
    ) -> Outcome {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return Outcome(directory: nil, rejection: "cannot open \(path): \(String(cString: strerror(errno)))", problems: [], skipped: 0)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return Outcome(directory: nil, rejection: "cannot read \(path): \(String(cString: strerror(errno)))", problems: [], skipped: 0)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return Outcome(directory: nil, rejection: "\(path) is not a regular file (a FIFO, device or folder is never read)", problems: [], skipped: 0)
        }
        guard Int(info.st_size) <= limits.maxBytes else {
            return Outcome(directory: nil, rejection: tooLarge(limits), problems: [], skipped: 0)
        }
        var parser = Parser(limits: limits, checkPicture: checkPicture)
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        var total = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return parser.rejected("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            total += count
            // The file grew since fstat: still bounded.
            if total > limits.maxBytes { return parser.rejected(tooLarge(limits)) }
            parser.feed(chunk.prefix(count))
            if let rejection = parser.rejection { return parser.rejected(rejection) }
        }
        return parser.finish()
    }

    static func tooLarge(_ limits: DirectoryLimits) -> String {
        "the file is larger than \(limits.maxBytes) bytes (gravatar.max_directory_bytes)"
    }

    /// Loads from bytes already in memory (tests, the fuzz target's neighbour).
    public static func load(
        bytes: [UInt8], limits: DirectoryLimits = .default, checkPicture: @escaping (String) -> String? = { _ in nil }
    ) -> Outcome {
        guard bytes.count <= limits.maxBytes else { return Outcome(directory: nil, rejection: tooLarge(limits), problems: [], skipped: 0) }
        var parser = Parser(limits: limits, checkPicture: checkPicture)
        parser.feed(bytes[...])
        if let rejection = parser.rejection { return parser.rejected(rejection) }
        return parser.finish()
    }

    struct Parser {
        var reader = CSVReader()
        var rows = DirectoryRows()
        var builder = DirectoryBuilder()
        var failure: String?
        /// Rows taken so far (records after the header that are not blank lines).
        var rowCount = 0
        let limits: DirectoryLimits
        let checkPicture: (String) -> String?

        init(limits: DirectoryLimits, checkPicture: @escaping (String) -> String?) {
            self.limits = limits
            self.checkPicture = checkPicture
        }

        var rejection: String? { failure ?? rows.rejection }

        mutating func feed(_ bytes: ArraySlice<UInt8>) {
            var pending: [CSVReader.Record] = []
            reader.feed(bytes) { pending.append($0) }
            for record in pending { take(record) }
        }

        mutating func take(_ record: CSVReader.Record) {
            guard failure == nil else { return }
            if rows.sawHeader, !record.isBlank {
                rowCount += 1
                if rowCount > limits.maxRows {
                    failure = "more than \(limits.maxRows) rows (gravatar.max_directory_rows)"
                    return
                }
            }
            guard var row = rows.row(record) else { return }
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

extension CSVReader.Record {
    /// An empty line, which is neither a row nor a problem.
    var isBlank: Bool { count == 1 && field(0).isEmpty }
}
