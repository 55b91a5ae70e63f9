import Testing

@testable import MonogramCore

/// Names that are not "Given Surname": companies, phone numbers, names that are already
/// initials, particles, Japanese names. Each row is one behaviour in docs/initials.md.
private func row(_ name: String, length: Int = 2, _ expected: String) -> InitialsExample {
    InitialsExample(name: name, length: length, expected: expected)
}

private func computed(_ e: InitialsExample) -> String {
    Initials.compute(from: e.name, length: e.length, uppercase: e.uppercase)
}

@Test(
    "reorders Surname, Given only for name-shaped words and drops company forms",
    arguments: [
        row("Acme, Inc.", "A"),
        row("Acme, LLC", "A"),
        row("Acme Widgets, Ltd.", "AW"),
        row("Acme Widgets Ltd", "AW"),
        row("Acme Widgets GmbH", "AW"),
        row("Muster AG", "MA"),  // two words stay, like "Dr. Who"
        row("Acme, Widgets Inc", "AW"),  // a company form blocks the reordering
        row("Roe, Jane", "JR"),
        row("Roe, Jane Mary", "JR"),
        row("Roe, Jane Mary", length: 3, "JMR"),
        row("van Gogh, Vincent", "VG"),
        row("O'Brien, Conan", "CO"),
        row("King, Martin Luther, Jr.", "MK"),
        row("Jane Roe, Acme", "JA"),  // two words before the comma: not "Surname, Given"
        row("Roe, 42", "R"),
        row("Roe!, Jane", "RJ"),
        row("Jane, Roe, Smith", "JS"),
    ])
func surnameGivenShapes(_ e: InitialsExample) {
    #expect(computed(e) == e.expected)
}

@Test(
    "draws the placeholder for phone numbers and numbers of phone length",
    arguments: [
        "+1 (555) 123-4567 ext. 89", "+47 12 34 56 78", "(555) 123-4567", "555-1234",
        "+1 (555) 123-4567 ext.4567", "+47 12 34 56 78 (X 5678)", "12345678", "+44 20 7946 0958",
        "tel:+1-555-123-4567", "555.123.4567", "555 123 4567 #12", "+١ ٥٥٥ ١٢٣ ٤٥٦٧",
        "15551234567@s.whatsapp.net", "151231023", "2024-01-15", "（555）123-4567",
    ])
func phoneNumbers(_ name: String) {
    #expect(Initials.compute(from: name, length: 2, uppercase: true) == "")
}

@Test(
    "keeps digits and words that only look a little like phone numbers",
    arguments: [
        row("123456", "12"), row("2024", length: 3, "202"), row("1 Ext 2", "E"),
        row("555-1234 Jane", "J"), row("Jane Roe (+1 555 123 4567)", "JR"), row("1x1", "1"),
        row("+1 555 123 4567 ext", "E"), row("5551234x", "5"), row("+1 555 123 4567 Jane", "J"),
    ])
func nearPhoneNumbers(_ e: InitialsExample) {
    #expect(computed(e) == e.expected)
}

@Test(
    "keeps a name that is already initials and splits a dotted or underscored word",
    arguments: [
        row("JD", "JD"), row("F.B.", "FB"), row("J.D", "JD"), row("JRR", length: 3, "JRR"),
        row("JRR", "JR"), row("J.R.R.", length: 3, "JRR"), row("JD", length: 1, "J"),
        row("jane.doe", "JD"), row("jane_doe", "JD"), row("jane.m.doe", length: 3, "JMD"),
        row("Dr.Who", "DW"), row("Jo", "J"), row("NASA", "N"), row("jd", "J"),
        row("JD@example.com", "JD"), row("J. Doe", "JD"), row("JFK", length: 3, "JFK"),
        row("ÉZ", "ÉZ"), row("BOB", "B"), row("AMY", "A"), row("IAN", length: 3, "I"),
        row("A.M.Y.", length: 3, "AMY"), row("LI", "LI"),
    ])
func alreadyInitials(_ e: InitialsExample) {
    #expect(computed(e) == e.expected)
}

@Test(
    "never takes a lower-case particle as a middle initial",
    arguments: [
        row("Vincent van Gogh", length: 3, "VG"), row("Vincent van Gogh", "VG"),
        row("Ludwig van Beethoven", "LB"), row("Ludwig van Beethoven", length: 3, "LB"),
        row("Jan van der Berg", length: 3, "JB"), row("Charles de Gaulle", length: 3, "CG"),
        row("Leonardo da Vinci", length: 3, "LV"), row("Otto von Bismarck", length: 3, "OB"),
        row("Maria dos Santos Silva", length: 3, "MSS"), row("Van Morrison", "VM"),
        row("van Gogh", "VG"), row("Ahmad al-Rashid", "AR"), row("al-Rashid", "R"),
        row("Abd al-Rahman ibn Khalid", length: 3, "ARK"), row("Mohamed bin Zayed", length: 3, "MZ"),
        row("Jan Van Der Berg", length: 3, "JVB"), row("jan.van.gogh@example.com", length: 3, "JG"),
    ])
func particles(_ e: InitialsExample) {
    #expect(computed(e) == e.expected)
}

@Test(
    "gives Japanese names the family initial first, Chinese names their given name",
    arguments: [
        // Japanese, spaced: first kanji of family and given name.
        row("山田 太郎", "山太"), row("北里 柴三郎", "北柴"), row("小野田 寛郎", "小寛"),
        row("山田 太郎", length: 1, "山"), row("山田 太郎", length: 3, "山太"),
        // Japanese, unspaced (4 kanji without a Chinese compound surname, or 5 and more):
        // the family name's first kanji, at every length.
        row("山田太郎", "山"), row("北里柴三郎", "北"), row("北里柴三郎", length: 3, "北"),
        // Kana present: Japanese.
        row("山田 たろう", "山た"), row("田中ゆき", "田"),
        // Chinese: 2-3 Han, 4 with a compound surname, spaced after a one-character surname.
        row("王小明", "小明"), row("王 小明", "小明"), row("欧阳娜娜", "娜娜"), row("司马 懿", "懿"),
        row("蔣經國", "經國"),
        // The documented misreadings: a one-character Japanese family name reads as Chinese.
        row("林 太郎", "太郎"), row("森鴎外", "鴎外"),
        // Five Han characters or more are never a Chinese name.
        row("林 太郎左衛門", "林太"), row("王", "王"),
    ])
func japaneseAndChinese(_ e: InitialsExample) {
    #expect(computed(e) == e.expected)
}
