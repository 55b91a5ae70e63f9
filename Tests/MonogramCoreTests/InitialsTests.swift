import Foundation
import Testing

@testable import MonogramCore

/// One row: a name, the options, and the initials a person expects to see.
struct InitialsExample: Sendable, CustomTestStringConvertible {
    var name: String
    var length = 2
    var uppercase = true
    var expected: String
    /// Why, in a few words (also the third column of the table in docs/initials.md).
    var why = ""

    var testDescription: String {
        let shown = name.unicodeScalars.count > 40
            ? "\(name.unicodeScalars.count)-scalar name" : name.debugDescription
        return "\(shown) length \(length)\(uppercase ? "" : " as written") → \(expected.debugDescription)"
    }
}

private func ex(_ name: String, _ expected: String, _ why: String = "") -> InitialsExample {
    InitialsExample(name: name, expected: expected, why: why)
}

private func ex(_ name: String, length: Int, _ expected: String) -> InitialsExample {
    InitialsExample(name: name, length: length, expected: expected)
}

private func asWritten(_ name: String, _ expected: String) -> InitialsExample {
    InitialsExample(name: name, uppercase: false, expected: expected)
}

/// The table in docs/initials.md, row for row (length 2, upper-cased). `docsTableMatches`
/// keeps the two in step.
let documentedExamples: [InitialsExample] = [
    ex("Jane Roe", "JR", "first and last word"),
    ex("jane roe", "JR", "upper-cased"),
    ex("Jane Mary Roe", "JR", "middle names skipped"),
    ex("Jane", "J", "one word, one initial"),
    ex("Tim Berners-Lee", "TB", "a hyphenated word counts once"),
    ex("Jean-Luc", "JL", "a single hyphenated word gives both parts"),
    ex("Jean-Luc Picard", "JP", "hyphenated first name counts once"),
    ex("Conan O'Brien", "CO", "apostrophes never split a word"),
    ex("O'Brien", "O", "one word"),
    ex("D’Angelo Russell", "DR", "typographic apostrophe"),
    ex("ʻOkalani Kahale", "OK", "modifier letters ʻ ʼ are skipped"),
    ex(".jane", "J", "punctuation is skipped"),
    ex("(Admin) Jane Doe", "JD", "bracketed parts dropped"),
    ex("Jane Doe [bot]", "JD", "bracketed parts dropped"),
    ex("Jane Roe <jane@example.com>", "JR", "angle-bracketed address dropped"),
    ex("(Admin)", "A", "brackets kept when nothing else is left"),
    ex("Roe, Jane", "JR", "Surname, Given is reordered"),
    ex("Acme, Inc.", "A", "company form after a comma dropped, no reordering"),
    ex("Acme Widgets Ltd", "AW", "company form dropped while two words remain"),
    ex("Martin Luther King, Jr.", "MK", "suffix after a comma dropped"),
    ex("Jane Roe PhD", "JR", "trailing suffix dropped"),
    ex("Dr. Jane Roe", "JR", "leading title dropped"),
    ex("Dr. Who", "DW", "titles kept when only two words"),
    ex("Agent 007", "A", "letters preferred over digits"),
    ex("3M Company", "3C", "a word with letters may start with a digit"),
    ex("42", "42", "digits when there is no letter"),
    ex("+1 (555) 123-4567 ext. 89", "", "phone number: placeholder"),
    ex("+47 12 34 56 78", "", "phone number: placeholder"),
    ex("(555) 123-4567", "", "phone number: placeholder"),
    ex("JD", "JD", "already initials"),
    ex("F.B.", "FB", "dotted initials"),
    ex("jane.doe", "JD", "a dotted word splits like an e-mail local part"),
    ex("jane_doe", "JD", "so does an underscored one"),
    ex("Vincent van Gogh", "VG", "particle van: never a middle initial"),
    ex("Ludwig van Beethoven", "LB", "first and last word"),
    ex("Van Morrison", "VM", "a capitalised first word is a name"),
    ex("Ahmad al-Rashid", "AR", "article al- skipped"),
    ex("jane.roe@example.com", "JR", "e-mail: local part, split on ."),
    ex("jane_roe-smith@example.com", "JS", "e-mail: split on _ and -"),
    ex("jane+news@example.com", "J", "e-mail: +tag dropped"),
    ex("<jane@example.com>", "J", "e-mail in brackets"),
    ex("王小明", "小明", "Chinese: given name"),
    ex("王明", "王明", "Chinese: two characters, both"),
    ex("司马懿", "懿", "Chinese: compound surname 司马"),
    ex("王 小明", "小明", "space marks the surname"),
    ex("山田 太郎", "山太", "Japanese: family and given name, family first"),
    ex("北里 柴三郎", "北柴", "Japanese: family and given name"),
    ex("北里柴三郎", "北", "Japanese without a space: the family name's first kanji"),
    ex("山田太郎", "山", "four kanji without a Chinese compound surname: Japanese"),
    ex("山田 たろう", "山た", "kana present: Japanese"),
    ex("김민준", "민준", "Korean: given name"),
    ex("남궁민수", "민수", "Korean: compound surname 남궁"),
    ex("さくら", "さ", "Japanese kana: first cluster"),
    ex("やまだ たろう", "やた", "kana words"),
    ex("ジョン・スミス", "ジス", "・ separates words"),
    ex("สมชาย ใจดี", "สจ", "Thai: leading vowel ใ skipped"),
    ex("เกศินี สุขใจ", "กสุ", "Thai: เ skipped, marks kept with their consonant"),
    ex("محمد علي", "مع", "Arabic: logical order"),
    ex("דוד בן־גוריון", "דב", "Hebrew: maqaf-joined surname counts once"),
    ex("प्रिया शर्मा", "प्रिश", "Devanagari: whole first cluster, conjunct and vowel sign"),
    ex("রবীন্দ্রনাথ ঠাকুর", "রঠা", "Bengali"),
    ex("தமிழ் செல்வன்", "தசெ", "Tamil: vowel sign stays with its consonant"),
    ex("άννα παπαδοπούλου", "ΆΠ", "Greek: Unicode upper case keeps the tonos"),
    ex("Пётр Ильич Чайковский", "ПЧ", "Cyrillic"),
    ex("émile zola", "ÉZ", "accents kept"),
    ex("ilker şahin", "IŞ", "no Turkish locale: i → I"),
    ex("ǆemal bijedić", "ǄB", "digraph letter upper-cased as one"),
    ex("ßtraße", "ß", "upper case \"SS\" is two letters: kept"),
    ex("👩‍👩‍👧‍👦", "👩‍👩‍👧‍👦", "ZWJ family is one initial"),
    ex("👍🏽", "👍🏽", "skin tone stays attached"),
    ex("🎉🎂", "🎉", "only emoji: the first one"),
    ex("🇫🇷", "🇫🇷", "flag"),
    ex("🇫🇷 France", "F", "letters preferred over emoji"),
    ex("1️⃣ 2️⃣", "1️⃣", "keycaps are emoji"),
    ex("", "", "placeholder"),
    ex("!!!", "", "placeholder"),
]

@Test("computes the documented initials", arguments: documentedExamples)
func documented(_ e: InitialsExample) {
    #expect(Initials.compute(from: e.name, length: e.length, uppercase: e.uppercase) == e.expected)
}

@Test(
    "length 1 takes the first word, length 3 the first, second and last",
    arguments: [
        ex("Jane Mary Roe", length: 1, "J"),
        ex("Jane Mary Roe", length: 3, "JMR"),
        ex("Jane Mary Ann Roe", length: 3, "JMR"),
        ex("Jane Roe", length: 3, "JR"),
        ex("Jane Roe", length: 1, "J"),
        ex("Martin Luther King, Jr.", length: 3, "MLK"),
        ex("Dr. Jane Mary Roe", length: 3, "JMR"),
        ex("Ludwig van Beethoven", length: 3, "LB"),
        ex("Vincent van Gogh", length: 3, "VG"),
        ex("JRR", length: 3, "JRR"),
        ex("F.B.", length: 1, "F"),
        ex("山田 太郎", length: 1, "山"),
        ex("北里柴三郎", length: 3, "北"),
        ex("Jean-Luc", length: 1, "J"),
        ex("Jean-Luc", length: 3, "JL"),
        ex("j.r.r.tolkien@example.com", length: 3, "JRT"),
        ex("王小明", length: 1, "王"),
        ex("王小明", length: 3, "小明"),
        ex("김민준", length: 1, "김"),
        ex("ジョン・スミス", length: 1, "ジ"),
        ex("محمد علي حسن", length: 3, "معح"),
        ex("42", length: 1, "4"),
        ex("2024", length: 3, "202"),
        ex("👩‍👩‍👧‍👦", length: 3, "👩‍👩‍👧‍👦"),
        ex("Jane Mary Roe", length: 0, "J"),
        ex("Jane Mary Roe", length: 9, "JMR"),
    ])
func lengths(_ e: InitialsExample) {
    #expect(Initials.compute(from: e.name, length: e.length, uppercase: e.uppercase) == e.expected)
}

@Test(
    "uppercase false keeps each initial as written",
    arguments: [
        asWritten("jane roe", "jr"),
        asWritten("jane.roe@example.com", "jr"),
        asWritten("d'Artagnan", "d"),
        asWritten("ǆemal bijedić", "ǆb"),
        asWritten("иван Петров", "иП"),
        asWritten("émile zola", "éz"),
    ])
func asWrittenCase(_ e: InitialsExample) {
    #expect(Initials.compute(from: e.name, length: e.length, uppercase: e.uppercase) == e.expected)
}

private let marks256Bytes = String(repeating: "\u{301}", count: 128)

@Test(
    "ignores control and invisible characters and survives hostile input",
    arguments: [
        ex("   ", ""),
        ex("\u{7}\u{1B}", ""),
        ex("\u{E000}", ""),
        ex("(", ""),
        ex("Jane (Roe", "JR"),
        ex("Jane\u{0}Roe", "JR"),
        ex("Jane\tRoe\n", "JR"),
        ex("Jane\u{200B}Roe", "JR"),
        ex("Jane\u{202E}Roe", "J"),
        ex("\u{200F}محمد علي", "مع"),
        ex("\u{FEFF}Jane Roe", "JR"),
        ex("\u{200D}👍", "👍"),
        ex(marks256Bytes, ""),
        ex(marks256Bytes + " Jane Roe", "JR"),
        ex("\u{301}Jane Roe", "JR"),
        ex("a" + String(repeating: "\u{301}", count: 127), "A"),
        ex("👍" + String(repeating: "🏽", count: 20), "👍"),
        ex(String(repeating: "Jane ", count: 2048) + "Roe", "JR"),
        ex(String(repeating: "a", count: 10240), "A"),
        ex(String(repeating: "(", count: 5000) + String(repeating: ")", count: 5000) + " Jane Roe", "JR"),
        ex(String(repeating: "Dr ", count: 3400) + "Jane Roe", "JR"),
        ex(String(repeating: "👍", count: 2560), "👍"),
        ex(String(repeating: "-", count: 10240), ""),
    ])
func hostile(_ e: InitialsExample) {
    #expect(Initials.compute(from: e.name, length: e.length, uppercase: e.uppercase) == e.expected)
}

@Test("handles 50,000-cluster adversarial names")
func linearTime() {
    // 250 000 clusters: linear takes a few seconds in a debug build; a quadratic pass (say
    // removeFirst() on a list of words, or rescanning from the start) takes minutes.
    let n = 50_000
    let names = [
        String(repeating: "(", count: n) + String(repeating: ")", count: n),
        String(repeating: "Dr ", count: n) + "Jane Roe",
        String(repeating: "a-", count: n),
        String(repeating: "a, ", count: n),
        "a" + String(repeating: "\u{301}", count: n),
    ]
    // No clock here (speed belongs in benchmarks): a quadratic pass shows up as this test
    // taking minutes, and the answers must still be sane.
    for name in names {
        let initials = Initials.compute(from: name, length: 3, uppercase: true)
        #expect(initials.count <= 3)
    }
}

@Test("never returns more clusters than asked or a lone combining mark")
func fuzz() {
    let pool: [String] = [
        "a", "Z", "ß", "ǆ", "é", "\u{301}", "\u{94D}", "प", "र", "ि", "เ", "ก", "王", "민", "ア", "ـ", "م",
        "ʼ", "'", "-", "_", ".", "+", "@", ",", "(", ")", "[", "<", ">", " ", "\t", "\u{0}", "\u{200B}",
        "\u{200D}", "\u{202E}", "\u{FE0F}", "\u{20E3}", "1", "٣", "👍", "🏽", "🇫", "🇷", "👩", "\u{E0067}",
        "·", "Dr", "Jr", "\u{D7A3}", "\u{10FFFF}",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<2000 {
        var name = ""
        for _ in 0..<next(24) { name += pool[next(pool.count)] }
        let length = 1 + next(3)
        let result = Initials.compute(from: name, length: length, uppercase: next(2) == 0)
        #expect(result.count <= length, "\(name.debugDescription)")
        for c in result {
            let category = c.unicodeScalars.first!.properties.generalCategory
            #expect(![.nonspacingMark, .spacingMark, .enclosingMark, .control, .format].contains(category))
        }
    }
}

@Test("docs/initials.md shows exactly the documented examples")
func docsTableMatches() throws {
    let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/initials.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    // Rows look like: | `Jane Roe` | `JR` | first and last word |
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") || $0.hasPrefix("| (empty)") }
    let parsed = rows.map { row -> (String, String) in
        let cells = row.split(separator: "|", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        func unquote(_ s: String) -> String {
            s == "(empty)" ? "" : String(s.dropFirst().dropLast())
        }
        return (unquote(cells[1]), unquote(cells[2]))
    }
    #expect(parsed.map(\.0) == documentedExamples.map(\.name))
    #expect(parsed.map(\.1) == documentedExamples.map(\.expected))
}

@Test("the ASCII fast path classifies every ASCII character as the general rules do")
func asciiFastPath() {
    for value in UInt8(0)...UInt8(127) {
        let c = Character(Unicode.Scalar(value))
        #expect(Initials.kind(of: c) == Initials.generalKind(of: c), "U+\(String(value, radix: 16))")
        #expect(Initials.isHyphen(c) == (Unicode.Scalar(value).properties.generalCategory == .dashPunctuation))
    }
}
