/// The initials drawn on an avatar, computed from a person's name.
///
/// Works by grapheme cluster (`Character`) in every script, never by byte or UTF-16 unit, in
/// time linear in the name. The rules, with examples, are in `docs/initials.md`; in short:
/// first letter of the first and last word, brackets and `+tags` dropped, e-mail addresses by
/// their local part, phone numbers as the placeholder, Chinese and Korean names by their given
/// name, Japanese ones family name first, emoji kept whole.
public enum Initials {
    /// The initials for `name`, or "" when nothing in it can be an initial (the caller then
    /// draws the placeholder).
    ///
    /// - Parameters:
    ///   - name: A display name or e-mail address, already percent-decoded, NFC-normalised and
    ///     trimmed; any other string is accepted too.
    ///   - length: At most how many initials, 1...3 (values outside are clamped here; the HTTP
    ///     options parser refuses them with a 400 before this is called).
    ///   - uppercase: Apply locale-independent Unicode upper-casing where the script has case;
    ///     an initial whose upper case is more than one cluster ("ß" → "SS") stays as written.
    public static func compute(from name: String, length: Int, uppercase: Bool) -> String {
        let length = min(max(length, 1), 3)
        if let initials = plainASCIIInitials(name, length: length, uppercase: uppercase) { return initials }
        return generalInitials(from: name, length: length, uppercase: uppercase)
    }

    /// Every rule, for any name (`plainASCIIInitials` is the shortcut for the common case).
    static func generalInitials(from name: String, length: Int, uppercase: Bool) -> String {
        var chars: [Character] = []
        for c in name where kind(of: c) != .ignorable { chars.append(c) }
        // Before brackets are dropped: "(555) 123-4567" is a phone number, not "123-4567".
        if isPhoneNumber(chars) { return "" }

        // "(Admin) Jane Doe" is Jane Doe; but "(Admin)" alone is better than a placeholder.
        if let withoutBrackets = removingBrackets(chars) {
            let result = initials(in: withoutBrackets, length: length, uppercase: uppercase)
            if !result.isEmpty { return result }
        }
        return initials(in: chars, length: length, uppercase: uppercase)
    }

    private static func initials(in chars: [Character], length: Int, uppercase: Bool) -> String {
        let email = emailWords(chars)
        if let email, isPhoneNumber(email.joined(separator: [" "])) { return "" }
        let words = email ?? split(chars) { kind(of: $0) == .separator }

        // Letters win; digits only when no word has a letter; emoji only when there is neither.
        guard words.contains(where: hasLetter) else {
            let all = words.joined()
            let digits = all.lazy.filter { kind(of: $0) == .digit }.prefix(length)
            if !digits.isEmpty { return String(digits) }
            if let emoji = all.first(where: { kind(of: $0) == .emoji }) {
                return String(display(emoji, uppercase: false))
            }
            return ""
        }

        let named = email?.filter(hasLetter).map(strippingArticle) ?? nameWords(chars)
        guard !named.isEmpty else { return "" }  // unreachable: some word has a letter
        if let cjk = cjkInitials(named, length: length) { return cjk }
        return chosenInitials(named, length: length, uppercase: uppercase)
    }

    /// The initials of a name's words (at least one, each with a letter), in reading order.
    static func chosenInitials(_ words: [Word], length: Int, uppercase: Bool) -> String {
        var named = words
        if named.count == 1, let only = named.first { named = singleWordParts(only) }
        guard let first = named.first, let last = named.last else { return "" }

        let chosen: [Word]
        switch (length, named.count) {
        case (1, _), (_, 1): chosen = [first]
        case (2, _), (3, 2): chosen = [first, last]
        default:
            // The second initial is the first middle word that is not a particle: "Vincent van
            // Gogh" is VG, not VVG.
            let middle = named.dropFirst().dropLast().first { !isParticle($0) }
            chosen = [first] + (middle.map { [$0] } ?? []) + [last]
        }
        let letters = chosen.compactMap { initial(of: $0) }
        return String(letters.map { display($0, uppercase: uppercase) })
    }

    /// A name that is one word: a double-barrelled word gives both parts ("Jean-Luc" → JL;
    /// in longer names a hyphenated word is one word, "Tim Berners-Lee" → TB); a dotted or
    /// underscored word splits like an e-mail local part ("jane.doe" → JD, "F.B." → FB); and
    /// a word that is already initials keeps them ("JD", see `isInitialism`).
    static func singleWordParts(_ word: Word) -> [Word] {
        let parts = split(word) { isHyphen($0) || $0 == "." || $0 == "_" }.filter(hasLetter)
        if parts.count > 1 { return parts.map(strippingArticle) }
        let core = parts.first ?? word  // "JD." is JD
        if isInitialism(core) { return core.map { [$0] } }
        return [word]
    }

    /// Two upper-case letters ("JD", "ÉZ"), or three with no Latin vowel among them ("JRR",
    /// "JFK"): a name written in capitals that reads as a word ("BOB", "AMY", "IAN") is a name.
    static func isInitialism(_ word: Word) -> Bool {
        guard (2...3).contains(word.count), word.allSatisfy(isUppercaseLetter) else { return false }
        return word.count == 2 || !word.contains { "AEIOUY".contains($0) }
    }

    /// An upper-case or title-case letter (A, Ж, Ǆ), not a caseless one (王).
    static func isUppercaseLetter(_ c: Character) -> Bool {
        guard kind(of: c) == .letter, let first = c.unicodeScalars.first else { return false }
        let category = first.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    /// The first letter or digit of a word that has a letter, skipping punctuation, symbols and
    /// emoji (".jane" → "j", "3M" → "3"), and skipping a Thai or Lao vowel written before its
    /// consonant ("เกศินี" → "ก").
    static func initial(of word: Word) -> Character? {
        guard let i = word.firstIndex(where: { kind(of: $0) == .letter || kind(of: $0) == .digit })
        else { return nil }
        if isLeadingVowel(word[i]),
            let consonant = word[(i + 1)...].first(where: { kind(of: $0) == .letter })
        {
            return consonant
        }
        return word[i]
    }
}
