import Foundation

extension String {
    /// The string in Unicode Normalization Form C. ASCII text is already NFC, so it is returned
    /// as it is: Foundation's normaliser bridges and allocates (~13,000 instructions for a short
    /// name, twice per cache miss: the name and its colour key), and almost every name is ASCII.
    public var nfc: String {
        utf8.allSatisfy { $0 < 0x80 } ? self : precomposedStringWithCanonicalMapping
    }
}
