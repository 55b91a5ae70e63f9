/// The request line's parts, as offsets from the start of the message (after any leading
/// empty lines).
struct RequestLine: Sendable {
    var method: Range<Int>
    var target: Range<Int>
    var version: HTTPVersion
}

/// The state of the request head being received, kept between reads so that each byte is
/// examined once however the head is split (one byte per read must not be quadratic).
///
/// Offsets count from the parser's read index; compacting the buffer moves only bytes before
/// it, so they stay valid. Lines are checked as soon as their LF arrives, so every limit trips
/// while reading rather than once the whole head is in.
///
/// Line ends: CRLF, and also a bare LF, which RFC 9112 §2.2 lets a recipient accept (nginx and
/// Go do). A CR anywhere else is refused ("lone CR"), so a CR can never end a line for one
/// parser and not another. The chunked-body decoder applies the same rule.
struct HeadScanner: Sendable {
    /// Bytes examined so far.
    private var scanned = 0
    private var lineStart = 0
    /// Where the request line starts: empty lines before it are skipped (RFC 9112 §2.2) but
    /// still count towards `maxHeadBytes`, so a stream of CRLFs cannot go on for ever.
    private(set) var messageStart = 0
    private var firstSpace = -1
    private var secondSpace = -1
    private(set) var requestLine: RequestLine?
    /// Field lines so far, offsets from `messageStart`. The finished head takes this array, so
    /// a request costs one array allocation whatever its number of fields.
    private(set) var fields: [FieldRange] = []
    /// Whether the target and values seen are all ASCII (as they almost always are), which lets
    /// the head's strings skip UTF-8 validation.
    private(set) var isASCII = true

    mutating func reset() {
        scanned = 0
        lineStart = 0
        messageStart = 0
        firstSpace = -1
        secondSpace = -1
        requestLine = nil
        isASCII = true
        fields.removeAll(keepingCapacity: true)
    }

    /// Examines the bytes not yet seen; returns the offset just past the empty line that ends
    /// the head, or nil if it has not arrived yet.
    mutating func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: HTTPParserLimits
    ) throws(HTTPParserError) -> Int? {
        var index = scanned
        while let lineFeed = bytes.firstLineFeed(from: index) {
            index = lineFeed + 1
            if requestLine == nil {
                try endRequestLine(bytes, lineFeed: lineFeed, limits: limits)
            } else if try endFieldLine(bytes, lineFeed: lineFeed, limits: limits) {
                return index
            }
        }
        // No complete head: everything buffered belongs to it.
        if requestLine == nil { try trackPartialRequestLine(bytes, from: index, limits: limits) }
        scanned = bytes.count
        if bytes.count > limits.maxHeadBytes { throw .headTooLarge(limits) }
        return nil
    }

    /// Follows a request line that has not ended yet, so that a long target is a 414 before
    /// its line ends, and a non-token byte in the method (a TLS ClientHello on the plain
    /// port, say) fails at once instead of waiting out the read-header timeout.
    private mutating func trackPartialRequestLine(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limits: HTTPParserLimits
    ) throws(HTTPParserError) {
        for index in start..<bytes.count {
            let byte = bytes[index]
            if byte == ASCII.space {
                if firstSpace < 0 { firstSpace = index } else if secondSpace < 0 { secondSpace = index }
            } else if firstSpace < 0, !byte.isTokenChar, byte != ASCII.cr {
                throw .badRequest("invalid character in method")
            }
        }
        if firstSpace >= 0, (secondSpace >= 0 ? secondSpace : bytes.count) - firstSpace - 1 > limits.maxTargetBytes {
            throw .uriTooLong(limits)
        }
    }

    /// `request-line = method SP request-target SP HTTP-version` (RFC 9112 §3), split on
    /// single spaces: the lenient whitespace splitting §3 permits is a smuggling risk.
    private mutating func endRequestLine(
        _ bytes: UnsafeBufferPointer<UInt8>, lineFeed: Int, limits: HTTPParserLimits
    ) throws(HTTPParserError) {
        let start = lineStart
        lineStart = lineFeed + 1
        let end = lineFeed > start && bytes[lineFeed - 1] == ASCII.cr ? lineFeed - 1 : lineFeed
        if end == start {
            messageStart = lineStart
            return
        }
        var index = start
        while index < end, bytes[index].isTokenChar { index += 1 }
        let methodEnd = index
        guard methodEnd < end, bytes[methodEnd] == ASCII.space else {
            let invalidMethod = methodEnd < end && bytes[methodEnd] != ASCII.cr
            throw .badRequest(invalidMethod ? "invalid character in method" : "malformed request line")
        }
        index += 1
        // RFC 3986 allows only visible ASCII in a target. Bytes from 0x80 are let through
        // (curl sends a typed UTF-8 path raw, and nginx accepts it) and must form UTF-8.
        while index < end, bytes[index] != ASCII.space {
            let byte = bytes[index]
            if byte < 0x21 || byte == ASCII.delete {
                throw .badRequest(byte == ASCII.cr ? "CR not followed by LF" : "invalid character in request-target")
            }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        let target = methodEnd + 1..<index
        if target.count > limits.maxTargetBytes { throw .uriTooLong(limits) }
        if lineFeed >= limits.maxHeadBytes { throw .headTooLarge(limits) }
        guard methodEnd > start, !target.isEmpty, index < end else { throw .badRequest("malformed request line") }
        let version = try Self.version(bytes, index + 1..<end)
        requestLine = RequestLine(
            method: 0..<methodEnd - start, target: target.lowerBound - start..<target.upperBound - start,
            version: version)
    }

    /// `HTTP-version = "HTTP/" DIGIT "." DIGIT`, case-sensitive (RFC 9112 §2.3): one digit on
    /// each side, so `HTTP/01.1` and `HTTP/1.01` are malformed (400), as nginx has it. A
    /// well-formed version other than 1.0 or 1.1 is a 505, and so are `HTTP/2` and `HTTP/3`
    /// (the one-digit form those protocols name themselves by).
    private static func version(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) throws(HTTPParserError) -> HTTPVersion {
        let malformed = HTTPParserError.badRequest("malformed HTTP version")
        let start = range.lowerBound
        guard range.count > 5, bytes[start] == 0x48, bytes[start + 1] == 0x54, bytes[start + 2] == 0x54,
            bytes[start + 3] == 0x50, bytes[start + 4] == ASCII.slash  // "HTTP/"
        else { throw malformed }
        let rest = UnsafeBufferPointer(rebasing: bytes[start + 5..<range.upperBound])
        func digit(_ byte: UInt8) -> Int? { (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil }
        let unsupported = HTTPParserError(status: .httpVersionNotSupported, reason: "only HTTP/1.0 and HTTP/1.1 are supported")
        switch rest.count {
        case 1:
            guard digit(rest[0]) != nil else { throw malformed }
            throw unsupported
        case 3:
            guard let major = digit(rest[0]), rest[1] == 0x2E, let minor = digit(rest[2]) else { throw malformed }
            let version = HTTPVersion(major: major, minor: minor)
            guard version == .http1_1 || version == .http1_0 else { throw unsupported }
            return version
        default:
            throw malformed
        }
    }

    /// Checks one field line (RFC 9112 §5); returns true for the empty line ending the head.
    private mutating func endFieldLine(
        _ bytes: UnsafeBufferPointer<UInt8>, lineFeed: Int, limits: HTTPParserLimits
    ) throws(HTTPParserError) -> Bool {
        let start = lineStart
        lineStart = lineFeed + 1
        if lineFeed >= limits.maxHeadBytes { throw .headTooLarge(limits) }
        let end = lineFeed > start && bytes[lineFeed - 1] == ASCII.cr ? lineFeed - 1 : lineFeed
        if end == start { return true }
        guard fields.count < limits.maxHeaderFields else {
            throw HTTPParserError(
                status: .requestHeaderFieldsTooLarge,
                reason: "more than \(limits.maxHeaderFields) header fields")
        }
        // obs-fold (RFC 9112 §5.2) and whitespace after the request line (§2.2) may be refused.
        guard !bytes[start].isWhitespace else {
            throw .badRequest("header line starts with whitespace (obs-fold is not accepted)")
        }
        var colon = start
        while colon < end, bytes[colon] != ASCII.colon {
            guard bytes[colon].isTokenChar else { throw Self.invalidName(bytes, at: colon, end: end) }
            colon += 1
        }
        guard colon < end else { throw .badRequest("header line without a colon") }
        guard colon > start else { throw .badRequest("empty header field name") }
        let value = bytes.trimmingWhitespace(colon + 1..<end)
        // field-value is VCHAR, obs-text, SP and HTAB (RFC 9110 §5.5); a CR, LF or NUL left in a
        // value could split or truncate it in some other component.
        let check = bytes.checkFieldValue(value)
        if let invalid = check.invalid {
            switch bytes[invalid] {
            case 0: throw .badRequest("NUL byte in header value")
            case ASCII.cr: throw .badRequest("CR not followed by LF")
            default: throw .badRequest("control character in header value")
            }
        }
        if check.nonASCII { isASCII = false }
        fields.append(FieldRange(
            name: start - messageStart..<colon - messageStart,
            value: value.lowerBound - messageStart..<value.upperBound - messageStart))
        return false
    }

    /// The error for a non-token byte in a field name; whitespace before the colon has its own
    /// reason because RFC 9112 §5.1 singles it out (a known smuggling vector).
    private static func invalidName(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> HTTPParserError {
        guard bytes[index].isWhitespace else { return .badRequest("invalid character in header field name") }
        let next = bytes[index..<end].firstIndex { !$0.isWhitespace } ?? end
        if next < end, bytes[next] == ASCII.colon {
            return .badRequest("whitespace between header field name and colon")
        }
        return .badRequest("header field name contains whitespace")
    }
}

extension HTTPParserError {
    static func uriTooLong(_ limits: HTTPParserLimits) -> Self {
        Self(status: .uriTooLong, reason: "request-target longer than \(limits.maxTargetBytes) bytes")
    }

    static func headTooLarge(_ limits: HTTPParserLimits) -> Self {
        Self(status: .requestHeaderFieldsTooLarge, reason: "request head larger than \(limits.maxHeadBytes) bytes")
    }
}
