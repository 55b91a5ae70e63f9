import Testing

@testable import MonogramCore

/// Cases from other projects' initials test suites, read to cross-check the rules (each
/// project's own test file is named; the expectations are theirs, not their code). `theirs` is
/// what that project expects, `ours` what Monogram draws (length 2, upper-cased, "" is the
/// placeholder); where they differ, `why` says why Monogram differs on purpose.
struct ForeignCase: Sendable, CustomTestStringConvertible {
    var project: String
    var name: String
    var theirs: String
    var ours: String
    var why = ""

    var testDescription: String { "\(project): \(name.debugDescription) → \(ours.debugDescription)" }
}

private let signal = "Signal (ts/test-both/util/getInitials_test.ts)"
private let fluent = "Fluent UI (react-avatar getInitials.test.ts)"
private let fluentApple = "Fluent UI Apple (AvatarViewTests.swift)"
private let kde = "KDE Kirigami Addons (autotests/tst_avatar.qml)"
private let geary = "GNOME Geary (util-avatar-test.vala)"
private let dicebear = "DiceBear (initials tests/utils/initials.test.js)"
private let nextcloud = "Nextcloud (NcAvatar.spec.ts)"

private func same(_ project: String, _ name: String, _ initials: String) -> ForeignCase {
    ForeignCase(project: project, name: name, theirs: initials, ours: initials)
}

private func differs(
    _ project: String, _ name: String, theirs: String, ours: String, _ why: String
) -> ForeignCase {
    ForeignCase(project: project, name: name, theirs: theirs, ours: ours, why: why)
}

let foreignCases: [ForeignCase] = [
    same(signal, "Foo Bar", "FB"), same(signal, "foo bar", "FB"), same(signal, "F Bar", "FB"),
    same(signal, "Foo B", "FB"), same(signal, "FB", "FB"), same(signal, "F.B.", "FB"),
    differs(signal, "0Foo 1Bar", theirs: "FB", ours: "01", "a word may start with a digit (3M Company → 3C)"),
    same(signal, "Foo B'Ar", "FB"), same(signal, "Foo Q Bar", "FB"), same(signal, "Foo Q. Bar", "FB"),
    same(signal, "Foo Qux Bar", "FB"), same(signal, "Foo \"Qux\" Bar", "FB"),
    same(signal, "Foo-Qux Bar", "FB"), same(signal, "Foo Bar-Qux", "FB"), same(signal, "Foo b'Arr", "FB"),
    same(signal, "Foo", "F"), same(signal, "Bo", "B"),
    differs(signal, "123 !@#$%", theirs: "", ours: "12", "digits are shown when there is no letter (42 → 42)"),
    same(signal, "Иван Иванов", "ИИ"), same(signal, "山田 太郎", "山太"), same(signal, "王五", "王五"),
    same(signal, "فلانة الفلانية", "فا"), same(signal, "ישראלה ישראלי", "יי"), same(signal, "Ḟoo Ḅar", "ḞḄ"),
    same(signal, "", ""),

    same(fluent, "Kat Larrson", "KL"), same(fluent, "Írissa Þórðardóttir", "ÍÞ"),
    same(fluent, "Øyvind Åsen", "ØÅ"), same(fluent, "David Zearing-Goff", "DZ"), same(fluent, "4lex 5loo", "45"),
    same(fluent, "David (The man) Goff", "DG"), same(fluent, "David Goff [The man]", "DG"),
    same(fluent, "David {The man} Goff", "DG"),
    same(fluent, " !@#$%^&*()=+ (Alpha) David   (The man) `~<>,./?[]{}|   Goff   (Gamma)    ", "DG"),
    same(fluent, "A", "A"), same(fluent, "A B", "AB"), same(fluent, "A B C", "AC"),
    differs(fluent, "A B C D", theirs: "A", ours: "AD", "first and last word at any word count"),
    differs(fluent, "خسرو رحیمی", theirs: "", ours: "خر", "every script gets initials"),
    differs(fluent, "桂英", theirs: "", ours: "桂英", "Chinese: the given name"),
    differs(fluent, "宋智洋", theirs: "", ours: "智洋", "Chinese: the given name"),
    differs(fluent, "강현", theirs: "", ours: "강현", "Korean: the given name"),
    differs(fluent, "최종래", theirs: "", ours: "종래", "Korean: the given name"),
    differs(fluent, "남궁 성종", theirs: "", ours: "성종", "Korean: the given name after the spaced surname"),
    differs(fluent, "かり", theirs: "", ours: "か", "kana: the first cluster"),
    same(fluent, "12345678", ""), same(fluent, "+1 (555) 123-4567 ext.4567", ""),
    same(fluent, "+47 12 34 56 78 (X 5678)", ""),
    differs(fluent, "1 Ext 2", theirs: "", ours: "E", "one digit is not a phone number; a word with a letter wins"),
    differs(fluent, "James Ext 2", theirs: "J2", ours: "JE", "letters preferred over digits"),
    differs(fluent, "1x1", theirs: "", ours: "1", "two digits are not a phone number"),
    same(fluent, "1y1", "1"), same(fluent, "1", "1"),
    differs(fluent, "A 2", theirs: "A2", ours: "A", "letters preferred over digits"),
    same(fluent, "𬸚", "𬸚"), same(fluent, "𢃾", "𢃾"),

    same(fluentApple, "Satya Nadella", "SN"),
    differs(fluentApple, "Nick Goose Bradshaw", theirs: "NG", ours: "NB", "first and last word"),
    same(fluentApple, "Mike \"Viper\" Metcalf", "MM"),
    differs(fluentApple, "😂", theirs: "", ours: "😂", "an emoji-only name keeps its emoji"),
    same(fluentApple, "☮︎", ""),
    same(fluentApple, "Satya Nadella 👑", "SN"), same(fluentApple, "Satya Nadella👑", "SN"),
    same(fluentApple, "Satya 👑 Nadella", "SN"),
    differs(fluentApple, "王小博", theirs: "", ours: "小博", "Chinese: the given name"),
    same(fluentApple, "Êmïlÿ Çœłb", "ÊÇ"), same(fluentApple, "E\u{0300}mïlÿ Çœłb", "ÈÇ"),
    differs(fluentApple, "Sean 肖", theirs: "S", ours: "S肖", "every script gets initials"),
    same(fluentApple, "\tSatya Nadella ", "SN"), same(fluentApple, "Satya \n Nadella", "SN"),
    differs(fluentApple, "Jane\u{200B}Doe", theirs: "J", ours: "JD", "ZERO WIDTH SPACE separates words"),
    same(fluentApple, "\u{200B}Jane\u{200B} \u{200B}Doe\u{200B}", "JD"),

    same(kde, "Nate Martin", "NM"), same(kde, "Kalanoka", "K"),
    same(kde, "Why would anyone use such a long not name in the field of the Name", "WN"),
    same(kde, "Live-CD User", "LU"),
    differs(kde, "北里 柴三郎", theirs: "北", ours: "北柴", "spaced Japanese: family and given initials"),
    differs(kde, "小野田 寛郎", theirs: "小", ours: "小寛", "spaced Japanese: family and given initials"),
    differs(kde, "蔣經國", theirs: "蔣", ours: "經國", "Chinese: the given name"),
    same(kde, "151231023", ""),

    same(geary, "aardvark", "A"), same(geary, "aardvark baardvark", "AB"),
    same(geary, "aardvark  baardvark", "AB"), same(geary, "aardvark baardvark caardvark", "AC"),
    same(geary, "!aardvark", "A"), same(geary, "aardvark !baardvark", "AB"),
    same(geary, "aardvark baardvark !caardvark", "AC"), same(geary, "óvári", "Ó"),
    same(geary, " ", ""), same(geary, "!", ""), same(geary, "! !!", ""),

    same(dicebear, "John Doe", "JD"),
    differs(dicebear, "Florian", theirs: "FL", ours: "F", "one word gives one initial"),
    same(dicebear, "Störfried Würgekloß", "SW"), same(dicebear, "Frank Walter Östernbach", "FÖ"),
    same(dicebear, "陳方 陈方", "陳陈"),
    differs(dicebear, "contact@dicebear.com", theirs: "CO", ours: "C", "one word gives one initial"),

    same(nextcloud, "Jane Doe", "JD"), same(nextcloud, "jane doe", "JD"),
    differs(nextcloud, "Jane (Doe)", theirs: "JD", ours: "J", "bracketed parts are dropped, as Fluent UI does"),
    same(nextcloud, "Jane Some Name Doe", "JD"), same(nextcloud, "Ümit Öçal", "ÜÖ"),
    same(nextcloud, "ジェーン ドー", "ジド"), same(nextcloud, "", ""),
]

@Test("agrees with other projects' test suites except where documented", arguments: foreignCases)
func otherProjects(_ c: ForeignCase) {
    #expect(Initials.compute(from: c.name, length: 2, uppercase: true) == c.ours)
    // A difference is deliberate only if it says why.
    #expect((c.theirs == c.ours) == c.why.isEmpty)
}

@Test("the cross-check covers at least 40 cases from at least six projects")
func otherProjectsCoverage() {
    #expect(foreignCases.count >= 40)
    #expect(Set(foreignCases.map(\.project)).count >= 6)
}
