import Testing
@testable import MonogramCore

/// `canonicalKey` as it was built before it was written into bytes: these keys name cache
/// entries and seed the ETags clients hold, so the bytes must be the same.
private func reference(_ options: AvatarOptions) -> String {
    var key = String(options.size)
    key += "|" + AvatarOptions.canonical(options.dpr)
    switch options.shape {
    case .square: key += "|sq"
    case .circle: key += "|ci"
    case .rounded(let radius): key += "|ro" + AvatarOptions.canonical(radius)
    case .mask(let name): key += "|m" + AvatarOptions.text(name)
    }
    switch options.background {
    case nil: key += "|-"
    case .color(let color): key += "|" + color.hex
    case .transparent: key += "|tr"
    }
    key += "|" + (options.color?.hex ?? "-")
    key += "|" + (options.initials.map(AvatarOptions.text) ?? "-")
    key += "|" + String(options.length)
    key += options.uppercase ? "|1" : "|0"
    key += "|" + AvatarOptions.canonical(options.fontSize)
    key += "|" + (options.font.map(AvatarOptions.text) ?? "-")
    key += "|" + (options.bold.map { $0 ? "1" : "0" } ?? "-")
    key += "|" + (options.id.map(AvatarOptions.text) ?? "-")
    key += "|" + options.format.rawValue
    if options.theme != .light { key += "|t" + options.theme.rawValue }
    if let picture = options.picture {
        key += "|p" + AvatarOptions.text(picture)
        key += "|f" + options.fallback.rawValue
    }
    return key
}

@Suite("Canonical key bytes")
struct CanonicalKeyBytesTests {
    @Test("every field is spelled as the String-built key spelled it")
    func matchesReference() {
        let shapes: [Shape] = [.square, .circle, .rounded(radius: 0.25), .rounded(radius: 0), .mask(name: "hé|art")]
        let backgrounds: [Background?] = [nil, .transparent, .color(RGBA(red: 0, green: 0xAB, blue: 0xFF)), .color(RGBA(red: 1, green: 2, blue: 3, alpha: 4))]
        var count = 0
        for shape in shapes {
            for background in backgrounds {
                for (size, dpr, fontSize) in [(128, 1.0, 0.5), (16, 1.5, 0.1), (1024, 4, 1), (-5, 2.0, 0.333), (0, 3, 1e10)] {
                    var options = AvatarOptions()
                    options.shape = shape
                    options.background = background
                    options.size = size
                    options.dpr = dpr
                    options.fontSize = fontSize
                    if count % 2 == 1 {
                        options.color = RGBA(red: 0xFE, green: 0xDC, blue: 0xBA, alpha: 0x98)
                        options.initials = "王小"
                        options.length = 3
                        options.uppercase = false
                        options.font = "Noto Sans"
                        options.bold = count % 4 == 1
                        options.id = "jane|roe@example.com"
                        options.format = .svg
                        options.theme = .auto
                        options.picture = "https://example.com/a.png"
                        options.fallback = .notFound
                    } else if count % 3 == 0 {
                        options.bold = false
                        options.theme = .dark
                        options.picture = ""
                    }
                    #expect(options.canonicalKey == reference(options))
                    count += 1
                }
            }
        }
    }

    @Test("numbers with up to three decimals are spelled as String(Double) spells them")
    func decimals() {
        var values: [Double] = [0.001, 0.01, 0.1, 0.25, 0.3, 0.5, 0.7, 0.9, 1.5, 0.333, 0.1 + 0.2, 1e-4, 0.00015, 123_456_789.5, 999_999_999.125, 1e9 + 0.5, 2.675, 1.005]
        for k in 1...3000 { values.append(Double(k) / 1000) }
        for k in 1...500 { values.append(Double(k) * 0.1) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { values.append(Double.random(in: 0..<1, using: &generator)) }
        for value in values {
            var options = AvatarOptions()
            options.fontSize = value
            options.dpr = value * 4
            #expect(options.canonicalKey == reference(options), "\(value)")
        }
    }
}
