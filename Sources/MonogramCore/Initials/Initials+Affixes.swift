/// Words around a name that are not its initials: titles, suffixes, company forms, and the
/// lower-case particles of surnames (van, de, von, bin, al-…).
extension Initials {
    private static let titles: Set<String> = ["mr", "mrs", "ms", "mx", "miss", "dr", "prof"]
    private static let personalSuffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv", "phd", "md", "esq"]
    /// Legal forms of companies ("Acme, Inc.", "Muster GmbH"), compared without dots and case.
    private static let companyForms: Set<String> = [
        "inc", "llc", "llp", "ltd", "plc", "corp", "co", "gmbh", "ag", "kg", "sa", "sas", "sarl",
        "srl", "spa", "bv", "nv", "pty", "kk", "oy", "ab",
    ]
    /// Surname particles, matched exactly as written: only in lower case are they particles
    /// ("Van Morrison" is a given name). They never become middle initials.
    private static let particles: Set<String> = [
        "van", "der", "den", "de", "del", "della", "dei", "di", "da", "das", "dos", "do", "du",
        "des", "la", "le", "lo", "von", "zu", "zum", "zur", "ter", "ten", "op", "bin", "binti",
        "bint", "ibn", "ben", "al", "el",
    ]
    /// The Arabic article written joined to the word it belongs to ("al-Rashid"): the initial
    /// is the word's, R, as an Arabic reader would file it.
    private static let articles: [String] = ["al-", "el-"]

    static func isTitle(_ word: Word) -> Bool { titles.contains(asciiKey(word)) }

    /// A personal suffix (Jr, PhD…) or a company form (Inc, GmbH…).
    static func isSuffix(_ word: Word) -> Bool {
        let key = asciiKey(word)
        return personalSuffixes.contains(key) || companyForms.contains(key)
    }

    static func isCompanyForm(_ word: Word) -> Bool { companyForms.contains(asciiKey(word)) }

    static func isParticle(_ word: Word) -> Bool {
        word.count <= 5 && particles.contains(String(word))
    }

    /// "al-Rashid" → "Rashid"; any other word unchanged (also "al-" alone, "Al-Rashid").
    static func strippingArticle(_ word: Word) -> Word {
        for article in articles where word.count > article.count {
            let head = word.prefix(article.count)
            if String(head) == article, hasLetter(Array(word.dropFirst(article.count))) {
                return Array(word.dropFirst(article.count))
            }
        }
        return word
    }

    /// A word that can be part of "Surname, Given": letters (with their marks), apostrophes,
    /// hyphens and dots (`O'Brien`, `Berners-Lee`, `Q.`), and at least one letter.
    static func isNameWord(_ word: Word) -> Bool {
        hasLetter(word)
            && word.allSatisfy { c in
                kind(of: c) == .letter || isHyphen(c) || c == "." || isApostrophe(c)
            }
    }

    static func isApostrophe(_ c: Character) -> Bool {
        c == "'" || c == "’" || c == "ʼ" || c == "ʻ"
    }

    /// The word's letters lower-cased, ignoring dots ("Ph.D." → "phd"); "" for long words.
    private static func asciiKey(_ word: Word) -> String {
        guard word.count <= 6 else { return "" }
        return String(word.filter { kind(of: $0) == .letter }).lowercased()
    }
}
