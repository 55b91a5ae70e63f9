/// An RFC 4180 CSV reader fed bytes in chunks (sans I/O: the caller reads the file), so a large
/// directory is parsed in one pass without holding the whole file.
///
/// It reads outside bytes: no subscript, force unwrap or trapping arithmetic on input-driven
/// paths, and a libFuzzer target (Fuzz/DirectoryCSV). What it accepts:
/// * fields separated by `,`, records by CRLF or LF (a lone CR inside a field is kept);
/// * a field that starts with `"` is quoted: `""` inside is one quote, and commas and line
///   breaks inside it are data;
/// * a leading UTF-8 byte-order mark (spreadsheets write one) is skipped.
///
/// A quote inside an unquoted field, or anything but `,`/line break after a closing quote,
/// makes that record malformed (reported by its first line, the reader continues with the next
/// record). A quoted field still open at the end of the input is `unterminatedQuote`: the
/// caller rejects the whole file, since everything after the stray quote was swallowed.
public struct CSVReader: Sendable {
    /// One record: its fields, as raw bytes, and the 1-based line it starts on.
    ///
    /// The fields' bytes sit end to end in one buffer (one allocation per record, not one per
    /// field: a million-row directory is parsed with a few million allocations fewer).
    public struct Record: Sendable, Equatable {
        public var line: Int
        var bytes: [UInt8]
        /// End offset of each field in `bytes`.
        var ends: [Int]
        /// Why the record cannot be trusted, or nil.
        public var malformed: String?

        public init(line: Int, fields: [[UInt8]], malformed: String?) {
            self.line = line
            self.bytes = fields.flatMap { $0 }
            var end = 0
            self.ends = fields.map { end += $0.count; return end }
            self.malformed = malformed
        }

        init(line: Int, bytes: [UInt8], ends: [Int], malformed: String?) {
            self.line = line
            self.bytes = bytes
            self.ends = ends
            self.malformed = malformed
        }

        public var count: Int { ends.count }

        /// The bytes of field `index` (empty past the last field).
        public func field(_ index: Int) -> ArraySlice<UInt8> {
            guard index >= 0, index < ends.count else { return [] }
            let start = index == 0 ? 0 : ends[index - 1]
            return bytes[start..<ends[index]]
        }

        public var fields: [[UInt8]] { (0..<ends.count).map { Array(field($0)) } }
    }

    public enum Failure: Error, Sendable, Equatable {
        /// A quoted field opened on `line` never closed.
        case unterminatedQuote(line: Int)
    }

    private enum State: Sendable {
        case fieldStart, unquoted, quoted, quoteInQuoted, afterCR
    }

    /// Bytes one field may hold; a longer one is a malformed record (its bytes are dropped).
    public let maxFieldBytes: Int
    /// Fields one record may hold; past it the record is malformed and the rest dropped.
    public let maxFields: Int

    private var state = State.fieldStart
    /// The current record's bytes so far, and where each finished field ends.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// Where the current field starts in `bytes`.
    private var fieldOffset = 0
    private var malformed: String?
    private var line = 1
    private var recordLine = 1
    private var quoteLine = 1
    private var bomChecked = 0

    public init(maxFieldBytes: Int = 4096, maxFields: Int = 64) {
        self.maxFieldBytes = maxFieldBytes
        self.maxFields = maxFields
    }

    /// Feeds `bytes`; `emit` receives every record they complete, in order.
    public mutating func feed(_ input: some Sequence<UInt8>, _ emit: (Record) -> Void) {
        for byte in input {
            if bomChecked < 3 {
                // EF BB BF at the very start is a byte-order mark, not data.
                let expected: UInt8 = bomChecked == 0 ? 0xEF : bomChecked == 1 ? 0xBB : 0xBF
                if byte == expected && bytes.count == bomChecked && ends.isEmpty {
                    bomChecked += 1
                    bytes.append(byte)
                    if bomChecked == 3 { bytes.removeAll(keepingCapacity: true) }
                    continue
                }
                bomChecked = 3
            }
            // Counted once here: `consume` calls itself to re-read a byte in a new state.
            if byte == UInt8(ascii: "\n") { line &+= 1 }
            consume(byte, emit)
        }
    }

    /// Ends the input: emits the last record (one without a final line break) or reports a
    /// quoted field left open.
    public mutating func finish(_ emit: (Record) -> Void) throws(Failure) {
        switch state {
        case .quoted:
            throw .unterminatedQuote(line: quoteLine)
        case .fieldStart where ends.isEmpty && bytes.isEmpty:
            return
        case .afterCR:
            endRecord(emit)
        default:
            endField()
            endRecord(emit)
        }
    }

    private mutating func consume(_ byte: UInt8, _ emit: (Record) -> Void) {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        switch state {
        case .fieldStart:
            if byte == quote {
                state = .quoted
                quoteLine = line
            } else {
                state = .unquoted
                consume(byte, emit)
            }
        case .unquoted:
            switch byte {
            case comma: endField(); state = .fieldStart
            case lf: endField(); endRecord(emit)
            case cr: state = .afterCR
            case quote: markMalformed("a quote inside an unquoted field"); append(byte)
            default: append(byte)
            }
        case .quoted:
            if byte == quote { state = .quoteInQuoted } else { append(byte) }
        case .quoteInQuoted:
            switch byte {
            case quote: append(byte); state = .quoted
            case comma: endField(); state = .fieldStart
            case lf: endField(); endRecord(emit)
            case cr: state = .afterCR
            default: markMalformed("text after a closing quote"); append(byte); state = .unquoted
            }
        case .afterCR:
            if byte == lf {
                endField()
                endRecord(emit)
            } else {
                // A CR not followed by LF is data (RFC 4180 allows only CRLF as a break).
                append(cr)
                state = .unquoted
                consume(byte, emit)
            }
        }
    }

    private mutating func append(_ byte: UInt8) {
        guard bytes.count &- fieldOffset < maxFieldBytes else {
            markMalformed("a field longer than \(maxFieldBytes) bytes")
            return
        }
        bytes.append(byte)
    }

    private mutating func endField() {
        if ends.count < maxFields {
            ends.append(bytes.count)
        } else {
            markMalformed("more than \(maxFields) fields")
            bytes.removeSubrange(fieldOffset...)
        }
        fieldOffset = bytes.count
    }

    private mutating func endRecord(_ emit: (Record) -> Void) {
        emit(Record(line: recordLine, bytes: bytes, ends: ends, malformed: malformed))
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        fieldOffset = 0
        malformed = nil
        state = .fieldStart
        recordLine = line
    }

    private mutating func markMalformed(_ reason: String) {
        if malformed == nil { malformed = reason }
    }
}
