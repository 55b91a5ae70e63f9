import Testing
@testable import MonogramCore

/// The plain-ASCII shortcut must give exactly what the general rules give; these generate
/// names from words that exercise every rule still in play (titles, suffixes, particles,
/// initialisms, digits, single words, case) and compare both paths.
@Suite("initials: the plain-ASCII shortcut agrees with the general rules")
struct InitialsPlainASCIITests {
    static let tokens = [
        "Jane", "Roe", "ann", "LEE", "Dr", "dr", "Mrs", "PROF", "Mx", "Jr", "sr", "III", "ii", "PhD",
        "Esq", "Inc", "GmbH", "co", "van", "Van", "de", "der", "bin", "al", "JD", "JRR", "JFK", "BOB",
        "ab", "x", "Q", "42", "7b", "b7", "0", "Zoe", "mcdonald", "IAN", "AEI", "Ltd", "ext", "tel",
    ]

    /// SplitMix64: the same names on every run and platform.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test("20,000 generated names, every length, with and without upper-casing")
    func agrees() {
        var generator = Generator(state: 17)
        var shortcutTaken = 0
        for _ in 0..<20_000 {
            let count = 1 + generator.next(5)
            let words = (0..<count).map { _ in Self.tokens[generator.next(Self.tokens.count)] }
            let name = words.joined(separator: generator.next(4) == 0 ? "  " : " ")
            for length in 1...3 {
                for uppercase in [true, false] {
                    let general = Initials.generalInitials(from: name, length: length, uppercase: uppercase)
                    if let shortcut = Initials.plainASCIIInitials(name, length: length, uppercase: uppercase) {
                        shortcutTaken += 1
                        #expect(shortcut == general, "\(name) length \(length) uppercase \(uppercase)")
                    }
                    #expect(Initials.compute(from: name, length: length, uppercase: uppercase) == general)
                }
            }
        }
        #expect(shortcutTaken > 60_000)  // most generated names start with a letter
    }

    @Test("only names of ASCII letters, digits and spaces that start with a letter take it", arguments: [
        ("Jane Roe", true), ("jdoe42", true), ("Dr Ann Lee Jr", true), ("42 Jane", false), (" Jane", false),
        ("Jane-Roe", false), ("O'Brien", false), ("jane.roe@example.com", false), ("Roe, Jane", false),
        ("(Admin) Jane", false), ("555 123 4567", false), ("Zoë Roe", false), ("Jane\tRoe", false), ("", false),
    ])
    func domain(name: String, taken: Bool) {
        #expect((Initials.plainASCIIInitials(name, length: 2, uppercase: true) != nil) == taken)
    }
}
