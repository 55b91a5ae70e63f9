/// How `Initials` sees one grapheme cluster. Everything here looks at a `Character` (an extended
/// grapheme cluster, Unicode 15.1+ rules, so Indic conjuncts and emoji ZWJ sequences are one
/// cluster) and mostly at its first scalar; nothing depends on locale or on Foundation.
extension Initials {
    /// The role a cluster plays when looking for initials.
    enum Kind: Equatable {
        /// Ends a word: white space, control characters, ZERO WIDTH SPACE, name middle dots.
        case separator
        /// Invisible format characters (bidi marks, BOM, soft hyphen, a stray ZWJ): ignored.
        case ignorable
        /// A letter of a script (general category Lu, Ll, Lt, Lo; not Lm modifier letters).
        case letter
        /// A decimal digit (general category Nd) that is not part of a keycap emoji.
        case digit
        /// An emoji, flag, keycap or ZWJ sequence: one cluster, kept whole.
        case emoji
        /// Punctuation, symbols, lone combining marks, unassigned code points: skipped.
        case other
    }

    /// Longest cluster kept whole. The longest RGI emoji (a kiss with two skin tones) is 10
    /// scalars and real letters carry at most a handful of marks; anything longer is "Zalgo"
    /// text and is reduced to its first scalar so the renderer never draws a tower of marks.
    static let maxScalarsPerCluster = 16

    static func kind(of c: Character) -> Kind {
        // Most names are ASCII: answer those without Unicode property lookups (the same
        // answers the general rules below give).
        if let ascii = c.asciiValue {
            switch ascii {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): return .letter
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return .digit
            case 0x00...0x20, 0x7F: return .separator
            default: return .other
            }
        }
        return generalKind(of: c)
    }

    /// The rules for any cluster (tests check the ASCII fast path above against these).
    static func generalKind(of c: Character) -> Kind {
        guard let first = c.unicodeScalars.first else { return .other }
        if c.isWhitespace { return .separator }
        if isEmoji(c) { return .emoji }
        switch first.value {
        case 0x200B,  // ZERO WIDTH SPACE: a word break written without a visible space
            0x00B7, 0x30FB, 0xFF65:  // middle dots between the parts of a transliterated name
            return .separator
        default: break
        }
        switch first.properties.generalCategory {
        case .control: return .separator
        case .format: return .ignorable
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: return .letter
        case .decimalNumber: return .digit
        default: return .other
        }
    }

    /// Emoji presentation by default (🎉, flags, 👩‍💻), or a text-default emoji character made
    /// into an emoji by VS16, a keycap mark, a ZWJ or a skin-tone modifier (©️, 1️⃣, ❤️‍🔥).
    static func isEmoji(_ c: Character) -> Bool {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        guard first.properties.isEmoji else { return false }
        return scalars.dropFirst().contains { s in
            s.value == 0xFE0F || s.value == 0x20E3 || s.value == 0x200D
                || s.properties.isEmojiModifier
        }
    }

    /// A hyphen or dash joining the parts of a double name (Jean-Luc, Berners-Lee, בן־גוריון).
    static func isHyphen(_ c: Character) -> Bool {
        if let ascii = c.asciiValue { return ascii == UInt8(ascii: "-") }
        guard c.unicodeScalars.count == 1, let s = c.unicodeScalars.first else { return false }
        return s.properties.generalCategory == .dashPunctuation
    }

    /// Commas that separate "Surname, Given" (ASCII, fullwidth, Arabic).
    static func isComma(_ c: Character) -> Bool {
        c == "," || c == "，" || c == "،"
    }

    /// Thai and Lao vowels written before the consonant they follow in speech (เ แ โ ใ ไ):
    /// Unicode keeps them in visual order as a cluster of their own, and a Thai reader takes the
    /// consonant as the initial.
    static func isLeadingVowel(_ c: Character) -> Bool {
        guard c.unicodeScalars.count == 1, let s = c.unicodeScalars.first else { return false }
        return (0x0E40...0x0E44).contains(s.value) || (0x0EC0...0x0EC4).contains(s.value)
    }

    /// A Han ideograph (CJK Unified Ideographs and extensions, compatibility ideographs).
    static func isHan(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0x20000...0x323AF).contains(v)
    }

    /// A precomposed Hangul syllable (NFC input composes conjoining jamo into these).
    static func isHangulSyllable(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0xAC00...0xD7A3).contains(v)
    }

    /// The cluster as drawn: whole, unless it is absurdly long (see `maxScalarsPerCluster`),
    /// then upper-cased when asked and when the upper case is still one cluster ("ß" would
    /// become "SS" and "ﬁ" "FI": those stay as written).
    static func display(_ c: Character, uppercase: Bool) -> Character {
        var c = c
        if c.unicodeScalars.count > maxScalarsPerCluster, let first = c.unicodeScalars.first {
            c = Character(first)
        }
        guard uppercase else { return c }
        let upper = c.uppercased()
        guard upper.count == 1, let u = upper.first else { return c }
        return u
    }
}
