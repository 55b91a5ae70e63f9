/// Phone numbers, which are not names: `+1 (555) 123-4567 ext. 89` would otherwise give "E"
/// and `+47 12 34 56 78` "47". Like Fluent UI and KDE, Monogram draws the placeholder for them.
extension Initials {
    /// Fewest digits that make a number "of phone length": the shortest national numbers in
    /// E.164 plans (with their country code, such as +290 and four digits) have 7, and a local number
    /// written without its area code (555-1234) has 7. Fewer digits stay digits (`42` → 42).
    static let phoneDigits = 7

    /// Whether `chars` is a phone number (docs/initials.md, rule 2):
    ///
    ///     [tel:] [+] number [extension]
    ///
    /// where `number` is decimal digits (any script's) mixed with spaces, `(` `)` (also full-width),
    /// `-` `.` `/`
    /// and other dashes, with at least `phoneDigits` digits, and `extension` is `ext`, `extn`,
    /// `extension`, `x` or `#` (any case, with the same separators around it) followed by at
    /// least one digit. Nothing else may appear: a letter other than an extension marker makes
    /// it a name. One pass, no index arithmetic that could trap.
    static func isPhoneNumber(_ chars: some Sequence<Character>) -> Bool {
        var rest = Substring(String(chars))
        while let first = rest.first, first.isWhitespace { rest = rest.dropFirst() }
        if rest.prefix(4).lowercased() == "tel:" { rest = rest.dropFirst(4) }

        var digits = 0
        var extensionDigits: Int? = nil  // nil until an extension marker is seen
        var plusAllowed = true
        var marker = ""
        for c in rest {
            if let ascii = c.asciiValue, isASCIILetter(ascii) {
                // Letters may only spell an extension marker, after the whole number.
                guard extensionDigits == nil, digits >= phoneDigits else { return false }
                marker.append(Character(Unicode.Scalar(ascii | 0x20)))
                guard marker.count <= 9 else { return false }
                continue
            }
            if !marker.isEmpty {
                guard ["ext", "extn", "extension", "x"].contains(marker) else { return false }
                marker = ""
                extensionDigits = 0
            }
            if kind(of: c) == .digit {
                if let n = extensionDigits { extensionDigits = n + 1 } else { digits += 1 }
                plusAllowed = false
            } else if c == "+" || c == "＋" {
                guard plusAllowed else { return false }
                plusAllowed = false
            } else if c == "#" {
                guard extensionDigits == nil, digits >= phoneDigits else { return false }
                extensionDigits = 0
            } else if !isPhoneSeparator(c) {
                return false
            }
        }
        // A marker at the very end ("… ext") has no digits after it.
        guard marker.isEmpty else { return false }
        return digits >= phoneDigits && extensionDigits.map { $0 > 0 } ?? true
    }

    private static func isASCIILetter(_ ascii: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii)
    }

    /// What people write between the groups of a phone number.
    private static func isPhoneSeparator(_ c: Character) -> Bool {
        c.isWhitespace || c == "(" || c == ")" || c == "（" || c == "）" || c == "." || c == "/"
            || isHyphen(c)
    }
}
