/// The initials drawn on an avatar, computed from a person's name.
///
/// Works by grapheme cluster (`Character`) in every script, never by byte or UTF-16 unit, in
/// time linear in the name. The rules, with examples, are in `docs/initials.md`; in short:
/// first letter of the first and last word, brackets and `+tags` dropped, e-mail addresses by
/// their local part, Chinese and Korean names by their given name, emoji kept whole.
public enum Initials {
    /// The initials for `name`, or "" when nothing in it can be an initial (the caller then
    /// draws the placeholder).
    ///
    /// - Parameters:
    ///   - name: A display name or e-mail address, already percent-decoded, NFC-normalised and
    ///     trimmed; any other string is accepted too.
    ///   - length: At most how many initials, 1...3 (values outside are clamped).
    ///   - uppercase: Apply locale-independent Unicode upper-casing where the script has case;
    ///     an initial whose upper case is more than one cluster ("ß" → "SS") stays as written.
    public static func compute(from name: String, length: Int, uppercase: Bool) -> String {
        let length = min(max(length, 1), 3)
        var chars: [Character] = []
        for c in name where kind(of: c) != .ignorable { chars.append(c) }

        // "(Admin) Jane Doe" is Jane Doe; but "(Admin)" alone is better than a placeholder.
        if let withoutBrackets = removingBrackets(chars) {
            let result = initials(in: withoutBrackets, length: length, uppercase: uppercase)
            if !result.isEmpty { return result }
        }
        return initials(in: chars, length: length, uppercase: uppercase)
    }

    private static func initials(in chars: [Character], length: Int, uppercase: Bool) -> String {
        let email = emailWords(chars)
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

        var named = email?.filter(hasLetter) ?? nameWords(chars)
        guard !named.isEmpty else { return "" }  // unreachable: some word has a letter
        if let cjk = cjkInitials(named, length: length) { return cjk }
        // A single double-barrelled word gives both parts: "Jean-Luc" → "JL". In longer names a
        // hyphenated word is one word: "Tim Berners-Lee" → "TB".
        if named.count == 1 {
            let parts = split(named[0], where: isHyphen).filter(hasLetter)
            if parts.count > 1 { named = parts }
        }

        let chosen: [Word]
        switch (length, named.count) {
        case (1, _), (_, 1): chosen = [named[0]]
        case (2, _), (3, 2): chosen = [named[0], named[named.count - 1]]
        default: chosen = [named[0], named[1], named[named.count - 1]]
        }
        let letters = chosen.compactMap { initial(of: $0) }
        return String(letters.map { display($0, uppercase: uppercase) })
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
