/// The shortcut for the most common names: ASCII letters, digits and spaces only, starting with
/// a letter ("Jane Roe", "jdoe42", "Dr Ann Lee Jr"). The general rules walk such a name as
/// grapheme clusters several times (ignorables, phone numbers, brackets, e-mail, commas,
/// articles, CJK), ~100,000 instructions for a short name, a fifth of a 32 px cache miss; for
/// these names every one of those passes is a no-op:
/// * no ignorable, bracket, comma, `@`, hyphen, dot, underscore or apostrophe can occur;
/// * a name that starts with a letter is never a phone number (letters may only follow the
///   digits, as an extension marker);
/// * no ASCII letter is Han or Hangul.
/// What remains is splitting on spaces, dropping titles and suffixes, and choosing — done here
/// with the same rule functions. Tests compare this with `generalInitials` on generated names.
extension Initials {
    static func plainASCIIInitials(_ name: String, length: Int, uppercase: Bool) -> String? {
        var startsWithLetter: Bool?
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
                if startsWithLetter == nil { startsWithLetter = true }
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "):
                if startsWithLetter == nil { startsWithLetter = false }
            default:
                return nil
            }
        }
        guard startsWithLetter == true else { return nil }
        // One byte is one cluster here: no ASCII letter, digit or space combines with another.
        let words = name.utf8.split(separator: UInt8(ascii: " "))
            .map { $0.map { Character(Unicode.Scalar($0)) } }
            .filter(hasLetter)
        // As `nameWords`: leading titles and trailing suffixes go while two words remain.
        var start = 0
        var end = words.count
        while end - start > 2, isTitle(words[start]) { start += 1 }
        while end - start > 2, isSuffix(words[end - 1]) { end -= 1 }
        return chosenInitials(Array(words[start..<end]), length: length, uppercase: uppercase)
    }
}
