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
    /// `tchar` of RFC 9110 §5.6.2: the bytes a method or a field name may contain
    /// (`!#$%&'*+-.^_`|~`, digits, letters). A bitmap: this runs once per byte of every name.
    @inline(__always)
    var isTokenChar: Bool { isMember(low: 0x03FF_6CFA_0000_0000, high: 0x57FF_FFFF_C7FF_FFFE) }

    /// Whether this ASCII byte's bit is set in the 128-bit set `high:low`.
    @inline(__always)
    private func isMember(low: UInt64, high: UInt64) -> Bool {
        self < 64 ? (low >> self) & 1 != 0 : self < 128 ? (high >> (self &- 64)) & 1 != 0 : false
    }

    /// A control byte other than HTAB (RFC 9110 §5.5 allows only HTAB among them in values).
    @inline(__always)
    var isControl: Bool { (self < ASCII.space && self != ASCII.htab) || self == ASCII.delete }

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
    var isHostChar: Bool { isMember(low: 0x2FFF_7FF2_0000_0000, high: 0x47FF_FFFE_AFFF_FFFE) }
}

extension UnsafeBufferPointer<UInt8> {
    /// The index of the first LF at or after `start`, or nil. Eight bytes at a time (the
    /// classic "has zero byte" test on the word XOR LF), as this scan touches every head byte.
    func firstLineFeed(from start: Int) -> Int? {
        guard let base = baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        var index = start
        while index + 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ (ones &* 0x0A)
            // The lowest flagged byte is always a true zero (a borrow only runs upwards).
            let zeros = (word &- ones) & ~word & (ones &* 0x80)
            if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count {
            if base[index] == ASCII.lf { return index }
            index += 1
        }
        return nil
    }

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

    /// Checks a field value (RFC 9110 §5.5: VCHAR, obs-text, SP, HTAB): returns the index of
    /// the first control byte or DEL, or nil, and whether any byte was non-ASCII. Eight bytes
    /// at a time, as values are most of a head's bytes.
    func checkFieldValue(_ range: Range<Int>) -> (invalid: Int?, nonASCII: Bool) {
        guard let base = baseAddress else { return (nil, false) }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &* 0x80
        var highBits: UInt64 = 0
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            highBits |= word
            let delete = word ^ (ones &* 0x7F)
            // Nonzero iff some byte is below 0x20 or is 0x7F (exact as a yes/no test, which is
            // all it is used for; HTAB then passes the byte-wise check).
            let below = (word &- ones &* 0x20) & ~word
            let isDelete = (delete &- ones) & ~delete
            if (below | isDelete) & highs != 0 {
                if let invalid = (index..<index + 8).first(where: { base[$0].isControl }) {
                    return (invalid, false)
                }
            }
            index += 8
        }
        while index < range.upperBound {
            if base[index].isControl { return (index, false) }
            highBits |= UInt64(base[index])
            index += 1
        }
        return (nil, highBits & highs != 0)
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
