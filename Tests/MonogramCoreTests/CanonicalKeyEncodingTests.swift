import Testing
@testable import MonogramCore

/// Text that tries to forge the encoding: separators of this and the old key format, digits
/// that read as counts, the optional-text marker, non-ASCII.
private let pieces = ["", "|", ":", ",", "=", "-", "0", "1", "9", "12:", "a", "é", "王", "#", " ", "0:,", "n="]

private func randomText(_ rng: inout SplitMix64, maxPieces: Int = 5) -> String {
    (0..<Int.random(in: 0...maxPieces, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
}

private func randomNumber(_ rng: inout SplitMix64) -> Double {
    [0, 0.5, 1, 1.5, 0.25, 0.333, 2, 0.1 + 0.2, 1e-4, 123_456_789.5, Double.random(in: 0..<4, using: &rng)].randomElement(using: &rng)!
}

private func randomColor(_ rng: inout SplitMix64) -> RGBA {
    RGBA(red: UInt8.random(in: 0...2, using: &rng), green: 0xAB, blue: UInt8.random(in: 0...255, using: &rng), alpha: [0, 1, 255].randomElement(using: &rng)!)
}

/// Random options from random field tuples: every field varies, text adversarially.
private func randomOptions(_ rng: inout SplitMix64) -> AvatarOptions {
    var options = AvatarOptions()
    func maybe<T>(_ make: (inout SplitMix64) -> T) -> T? { Bool.random(using: &rng) ? make(&rng) : nil }
    options.size = Int.random(in: 15...17, using: &rng)
    options.dpr = randomNumber(&rng)
    options.shape = [.square, .circle, .rounded(radius: randomNumber(&rng)), .mask(name: randomText(&rng))].randomElement(using: &rng)!
    options.background = [nil, .transparent, .color(randomColor(&rng))].randomElement(using: &rng)!
    options.color = maybe(randomColor)
    options.initials = maybe { randomText(&$0) }
    options.length = Int.random(in: 1...3, using: &rng)
    options.uppercase = Bool.random(using: &rng)
    options.fontSize = randomNumber(&rng)
    options.font = maybe { randomText(&$0) }
    options.bold = maybe { Bool.random(using: &$0) }
    options.id = maybe { randomText(&$0) }
    options.format = [.png, .svg, .json, .webp, .avif].randomElement(using: &rng)!
    options.theme = [.light, .dark, .auto].randomElement(using: &rng)!
    options.picture = maybe { randomText(&$0) }
    options.fallback = [.initials, .notFound].randomElement(using: &rng)!
    options.palette = [nil, .named(randomText(&rng)), .colors((0..<Int.random(in: 0...3, using: &rng)).map { _ in randomColor(&rng) })]
        .randomElement(using: &rng)!
    options.gradient = Bool.random(using: &rng)
    return options
}

/// What a key means: without a picture `fallback` changes nothing.
private func meaning(_ options: AvatarOptions) -> AvatarOptions {
    var options = options
    if options.picture == nil { options.fallback = .initials }
    return options
}

/// Reads options back from their key's fields, independently of the writer.
private func decode(_ key: String) -> AvatarOptions? {
    guard let fields = CanonicalKeyWriter.fields(of: key), fields.count == 20 else { return nil }
    func optional(_ field: String) -> String? { field.isEmpty ? nil : String(field.dropFirst()) }
    func color(_ field: String) -> RGBA? { RGBA(hex: String(field.dropFirst())) }
    var options = AvatarOptions()
    guard let size = Int(fields[0]), let dpr = Double(fields[1]), let length = Int(fields[7]), let fontSize = Double(fields[9]) else { return nil }
    options.size = size
    options.dpr = dpr
    switch fields[2] {
    case "sq": options.shape = .square
    case "ci": options.shape = .circle
    case "ro": options.shape = .rounded(radius: Double(fields[3]) ?? .nan)
    case "m": options.shape = .mask(name: fields[3])
    default: return nil
    }
    options.background = fields[4] == "-" ? nil : fields[4] == "tr" ? .transparent : color(fields[4]).map { .color($0) }
    options.color = fields[5] == "-" ? nil : color(fields[5])
    options.initials = optional(fields[6])
    options.length = length
    options.uppercase = fields[8] == "1"
    options.fontSize = fontSize
    options.font = optional(fields[10])
    options.bold = fields[11] == "-" ? nil : fields[11] == "1"
    options.id = optional(fields[12])
    options.format = OutputFormat(rawValue: fields[13]) ?? .png
    options.theme = Theme(rawValue: fields[14]) ?? .light
    options.picture = optional(fields[15])
    options.fallback = PictureFallback(rawValue: fields[16]) ?? .initials
    switch fields[17] {
    case "-": options.palette = nil
    case "P": options.palette = .named(fields[18])
    case "C": options.palette = .colors(fields[18].split(separator: "#").compactMap { RGBA(hex: String($0)) })
    default: return nil
    }
    options.gradient = fields[19] == "1"
    return options
}

@Suite("Canonical keys")
struct CanonicalKeyEncodingTests {
    @Test("any list of fields decodes back from its key, so different lists never share one")
    func fieldsRoundTrip() {
        var rng = SplitMix64(state: 21)
        var seen: [String: [String]] = [:]
        for _ in 0..<20_000 {
            let fields = (0..<Int.random(in: 0...4, using: &rng)).map { _ in randomText(&rng, maxPieces: 3) }
            let key = CanonicalKeyWriter.make(fields: fields)
            #expect(CanonicalKeyWriter.fields(of: key) == fields)
            if let other = seen.updateValue(fields, forKey: key) { #expect(other == fields, "\(other) and \(fields) share \(key)") }
        }
    }

    @Test("text that is not a list of fields is refused, never trapped on", arguments: [
        "1", "1:", "1:a", "1:ab,", "01:a,", "-1:a,", ":a,", "999999999999:a,", "2:a,", "3:abc,x", "1:a;",
    ])
    func malformed(_ text: String) {
        #expect(CanonicalKeyWriter.fields(of: text) == nil)
    }

    @Test("random avatar options: the key decodes back to their meaning, so different requests never share a key")
    func avatarKeysAreInjective() throws {
        var rng = SplitMix64(state: 2026)
        var seen: [String: AvatarOptions] = [:]
        for _ in 0..<20_000 {
            let options = randomOptions(&rng)
            let key = options.canonicalKey
            let decoded = try #require(decode(key), "\(key)")
            #expect(decoded == meaning(options), "\(key)")
            if let other = seen.updateValue(meaning(options), forKey: key) { #expect(other == meaning(options)) }
        }
    }

    @Test("one changed field always changes the key")
    func mutationsChangeKeys() {
        var rng = SplitMix64(state: 5)
        for _ in 0..<5_000 {
            let one = randomOptions(&rng)
            var two = one
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: two.initials = one.initials.map { $0 + "|" } ?? ""
            case 1: two.id = one.id == nil ? "-" : nil
            case 2: two.font = (one.font ?? "") + ","
            case 3: two.shape = .mask(name: one.initials ?? "")
            default: two.picture = (one.picture ?? "") + "0:,"
            }
            guard meaning(one) != meaning(two) else { continue }
            #expect(one.canonicalKey != two.canonicalKey)
        }
    }

    @Test("groups: different options, pictures or names never share a key")
    func groupKeys() {
        var rng = SplitMix64(state: 9)
        var seen: [String: (GroupOptions, [String])] = [:]
        for _ in 0..<10_000 {
            var options = GroupOptions()
            options.font = Bool.random(using: &rng) ? randomText(&rng) : nil
            options.overlap = randomNumber(&rng)
            options.pictures = (0..<Int.random(in: 0...2, using: &rng)).map { _ in Bool.random(using: &rng) ? randomText(&rng) : nil }
            let names = (0..<Int.random(in: 1...3, using: &rng)).map { _ in randomText(&rng) }
            let key = options.canonicalKey(names: names)
            if let (other, otherNames) = seen.updateValue((options, names), forKey: key) {
                #expect(other == options && otherNames == names, "\(key)")
            }
        }
    }

    @Test("numbers with up to three decimals are spelled as String(Double) spells them")
    func decimals() throws {
        var values: [Double] = [0.001, 0.01, 0.1, 0.25, 0.3, 0.5, 0.7, 0.9, 1.5, 0.333, 0.1 + 0.2, 1e-4, 0.00015, 123_456_789.5, 999_999_999.125, 1e9 + 0.5, 2.675, 1.005]
        for k in 1...3000 { values.append(Double(k) / 1000) }
        for k in 1...500 { values.append(Double(k) * 0.1) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { values.append(Double.random(in: 0..<1, using: &generator)) }
        for value in values {
            var options = AvatarOptions()
            options.fontSize = value
            options.dpr = value * 4
            let fields = try #require(CanonicalKeyWriter.fields(of: options.canonicalKey))
            #expect(fields[1] == AvatarOptions.canonical(value * 4) && fields[9] == AvatarOptions.canonical(value), "\(value)")
        }
    }
}
