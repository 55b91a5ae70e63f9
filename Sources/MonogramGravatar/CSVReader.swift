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
    public struct Record: Sendable, Equatable {
        public var line: Int
        public var fields: [[UInt8]]
        /// Why the record cannot be trusted, or nil.
        public var malformed: String?
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
    private var field: [UInt8] = []
    private var fields: [[UInt8]] = []
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
    public mutating func feed(_ bytes: some Sequence<UInt8>, _ emit: (Record) -> Void) {
        for byte in bytes {
            if bomChecked < 3 {
                // EF BB BF at the very start is a byte-order mark, not data.
                let bom: (UInt8, UInt8, UInt8) = (0xEF, 0xBB, 0xBF)
                let expected = bomChecked == 0 ? bom.0 : bomChecked == 1 ? bom.1 : bom.2
                if byte == expected && field.count == bomChecked && fields.isEmpty {
                    bomChecked += 1
                    field.append(byte)
                    if bomChecked == 3 { field.removeAll(keepingCapacity: true) }
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
        case .fieldStart where fields.isEmpty && field.isEmpty:
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
        guard field.count < maxFieldBytes else {
            markMalformed("a field longer than \(maxFieldBytes) bytes")
            return
        }
        field.append(byte)
    }

    private mutating func endField() {
        if fields.count < maxFields {
            fields.append(field)
        } else {
            markMalformed("more than \(maxFields) fields")
        }
        field.removeAll(keepingCapacity: true)
    }

    private mutating func endRecord(_ emit: (Record) -> Void) {
        emit(Record(line: recordLine, fields: fields, malformed: malformed))
        fields.removeAll(keepingCapacity: true)
        malformed = nil
        state = .fieldStart
        recordLine = line
    }

    private mutating func markMalformed(_ reason: String) {
        if malformed == nil { malformed = reason }
    }
}
