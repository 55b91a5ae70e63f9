import Foundation
import Testing
@testable import MonogramCore

@Suite("NFC with the ASCII shortcut")
struct StringNFCTests {
    @Test("agrees with Foundation's normaliser, ASCII or not", arguments: [
        "", "Jane Roe", "jane.roe+news@example.com", "~!@#$%^&*()_+{}|:\"<>?\u{7F}",
        "Zoe\u{0308}", "Zo\u{EB}", "e\u{0301}e\u{0301}", "Ja\u{0301}ne", "\u{1100}\u{1161}", "王小明", "A\u{030A}ngstro\u{0308}m",
    ])
    func agrees(text: String) {
        #expect(Array(text.nfc.unicodeScalars) == Array(text.precomposedStringWithCanonicalMapping.unicodeScalars))
    }
}
