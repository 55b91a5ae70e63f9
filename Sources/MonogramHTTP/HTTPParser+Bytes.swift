/// The ASCII code units the HTTP/1.1 grammar is written in (RFC 9110 §5, RFC 9112 §2–§7).
enum ASCII {
    static let htab: UInt8 = 0x09
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let comma: UInt8 = 0x2C
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let question: UInt8 = 0x3F
    static let slash: UInt8 = 0x2F
    static let delete: UInt8 = 0x7F
}

extension UInt8 {
    /// `tchar` of RFC 9110 §5.6.2: the bytes a method or a field name may contain.
    @inline(__always)
    var isTokenChar: Bool {
        switch self {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true  // DIGIT, ALPHA
        case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E...0x60, 0x7C, 0x7E: true  // !#$%&'*+-.^_`|~
        default: false
        }
    }

    /// Optional whitespace, `OWS` of RFC 9110 §5.6.3.
    @inline(__always)
    var isWhitespace: Bool { self == ASCII.space || self == ASCII.htab }

    /// The byte with A–Z folded to a–z; field names and codings compare case-insensitively.
    @inline(__always)
    var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }

    /// The value of a hex digit (chunk sizes, RFC 9112 §7.1), or nil.
    @inline(__always)
    var hexDigitValue: Int? {
        switch self {
        case 0x30...0x39: Int(self &- 0x30)
        case 0x41...0x46: Int(self &- 0x41 &+ 10)
        case 0x61...0x66: Int(self &- 0x61 &+ 10)
        default: nil
        }
    }

    /// A byte allowed in a `Host` value: `uri-host [ ":" port ]` of RFC 3986 §3.2 (unreserved,
    /// pct-encoded, sub-delims, and the `:[]` of ports and IP literals).
    var isHostChar: Bool {
        switch self {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x2D, 0x2E, 0x5F, 0x7E, 0x25, 0x3A, 0x5B, 0x5D: true  // -._~ % : [ ]
        case 0x21, 0x24, 0x26...0x2C, 0x3B, 0x3D: true  // !$&'()*+,;=
        default: false
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether `self[range]` equals `lowercase` (a lower-case ASCII literal), ignoring case.
    func equalsIgnoringCase(_ range: Range<Int>, _ lowercase: StaticString) -> Bool {
        lowercase.withUTF8Buffer { literal in
            guard literal.count == range.count else { return false }
            var offset = 0
            for index in range {
                guard self[index].asciiLowercased == literal[offset] else { return false }
                offset += 1
            }
            return true
        }
    }

    /// `range` with optional whitespace removed from both ends.
    func trimmingWhitespace(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, self[lower].isWhitespace { lower += 1 }
        while upper > lower, self[upper - 1].isWhitespace { upper -= 1 }
        return lower..<upper
    }

    /// Calls `body` with each element of the comma-separated list in `range`, OWS-trimmed
    /// (RFC 9110 §5.6.1); empty elements are passed too, so callers decide whether they matter.
    func forEachListElement<E: Error>(
        _ range: Range<Int>, _ body: (Range<Int>) throws(E) -> Void
    ) throws(E) {
        var start = range.lowerBound
        for index in range where self[index] == ASCII.comma {
            try body(trimmingWhitespace(start..<index))
            start = index + 1
        }
        try body(trimmingWhitespace(start..<range.upperBound))
    }
}
