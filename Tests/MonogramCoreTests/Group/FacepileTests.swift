import Foundation
import Testing
@testable import MonogramCore

private let resolver = AvatarResolver(
    palette: .default, defaultFont: "Noto Sans", defaultBold: false, palettes: [Palette.accessibleName: .accessible])

private func parse(_ query: String, names: Int = 3) throws -> GroupOptions {
    try GroupOptions(query: QueryString.parse(query), limits: OptionLimits(), nameCount: names)
}

private func group(_ names: [String], _ query: String = "") throws -> ResolvedGroup {
    resolver.resolve(names: names, options: try parse(query, names: names.count))
}

private func refusal(_ query: String, names: Int = 3) -> OptionsError? {
    do {
        _ = try parse(query, names: names)
        return nil
    } catch {
        return error as? OptionsError
    }
}

private func object(_ json: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
}

@Suite("Facepiles (API §10): total, id, dir, alt")
struct FacepileTests {
    @Test("total: from the number of names to 1,000,000; the number of names itself is no total")
    func total() throws {
        #expect(try parse("total=2340", names: 5).total == 2340)
        #expect(try parse("total=5", names: 5).total == nil)
        #expect(try parse("total=1000000", names: 5).total == 1_000_000)
        for bad in ["4", "1000001", "-1", "5.0", "", "lots", "99999999999"] {
            let error = refusal("total=\(bad)", names: 5)
            #expect(error?.parameter == "total", "\(bad)")
            #expect(error?.message == "total must be an integer from 5 (the number of names) to 1000000")
        }
        #expect(refusal("total=9&total=9")?.parameter == "total")
    }

    @Test("the +N bubble counts total minus the faces drawn; +99, then 99+", arguments: [
        (5, 5, 2), (5, 2340, 2337), (3, 102, 99), (3, 103, 100),
    ])
    func bubble(names: Int, total: Int, hidden: Int) throws {
        let list = (0..<names).map { "Person \($0)" }
        let resolved = try group(list, "max=3&more=true&total=\(total)")
        #expect(resolved.more == hidden)
        #expect(resolved.spec.bubble?.content == .initials(hidden > 99 ? "99+" : "+\(hidden)"))
        #expect(resolved.spec.layout.slots == 4)
        let json = try object(resolved.json)
        #expect(json["more"] as? Int == hidden && json["total"] as? Int == total)
    }

    @Test("bubble text: +1 … +99, then 99+")
    func bubbleText() {
        #expect(GroupOptions.bubbleText(hidden: 1) == "+1")
        #expect(GroupOptions.bubbleText(hidden: 99) == "+99")
        #expect(GroupOptions.bubbleText(hidden: 100) == "99+")
        #expect(GroupOptions.bubbleText(hidden: 999_997) == "99+")
    }

    @Test("total without more=true changes the count, not the picture")
    func totalWithoutBubble() throws {
        let resolved = try group(["a", "b"], "total=40")
        #expect(resolved.spec.bubble == nil && resolved.more == 38 && resolved.spec.layout.slots == 2)
    }

    @Test("the i-th id is the i-th face's colour key: the colour of /avatar with that id")
    func ids() throws {
        let names = ["Jane Roe", "J. Roe", "Sam Lee"]
        let resolved = try group(names, "id=user-1&id=user-1&id=")
        var single = AvatarOptions()
        single.id = "user-1"
        let alone = resolver.resolve(name: "Jane Roe", options: single).spec.background
        #expect(resolved.spec.faces[0].background == alone && resolved.spec.faces[1].background == alone)
        #expect(resolved.spec.faces[2].background == resolver.resolve(name: "Sam Lee", options: AvatarOptions()).spec.background)
        #expect(resolved.faces.map(\.colorKey) == ["user-1", "user-1", "Sam Lee"])
        let faces = try #require(try object(resolved.json)["faces"] as? [[String: Any]])
        #expect(faces.map { $0["id"] as? String } == ["user-1", "user-1", "Sam Lee"])
        #expect(try parse("id=a&id=").ids == ["a"])
        #expect(try parse("id=&id=b").ids == [nil, "b"])
        #expect(refusal("id=a&id=b&id=c&id=d")?.message == "id given 4 times but the group has 3 names")
        #expect(refusal("id=" + String(repeating: "x", count: 257))?.parameter == "id")
        #expect(try parse("").colorKey(ofFace: 1, names: names) == "J. Roe")
    }

    @Test("dir=rtl mirrors the row: the first face is rightmost, the bubble leftmost")
    func rightToLeft() throws {
        #expect(try parse("dir=RTL").direction == .rightToLeft)
        #expect(try parse("dir=ltr").direction == .leftToRight)
        #expect(refusal("dir=up")?.message == "dir must be ltr or rtl")
        let rtl = try group(["a", "b", "c", "d"], "dir=rtl&max=3&more=true").spec.layout
        let ltr = try group(["a", "b", "c", "d"], "max=3&more=true").spec.layout
        #expect(rtl.width == ltr.width)
        for slot in 0..<4 {
            #expect(rtl.left(ofSlot: slot) == ltr.left(ofSlot: 3 - slot))
        }
        #expect(rtl.left(ofSlot: 0) + rtl.side == rtl.width)
    }

    @Test("alt text: names drawn, then and N others")
    func alt() throws {
        #expect(try group(["Jane Roe", "Sam Lee", "a", "b", "c", "d"], "max=2").alt == "Jane Roe, Sam Lee and 4 others")
        #expect(try group(["Jane Roe", "Sam Lee", "Kim"], "max=2").alt == "Jane Roe, Sam Lee and 1 other")
        #expect(try group(["Jane Roe", "Sam Lee"]).alt == "Jane Roe, Sam Lee")
        #expect(try group(["Jane Roe", ""]).alt == "Jane Roe, Unknown user")
        #expect(try group(["Jane Roe"], "total=2340").alt == "Jane Roe and 2339 others")
        #expect(try object(try group(["A B", "C"], "max=1").json)["alt"] as? String == "A B and 1 other")
        let single = resolver.resolve(name: "Jane \"Roe\"", options: AvatarOptions())
        #expect(try object(single.json)["alt"] as? String == "Jane \"Roe\"")
        #expect(try object(resolver.resolve(name: "", options: AvatarOptions()).json)["alt"] as? String == "Unknown user")
    }

    @Test("canonical key: the new fields at their defaults; each one changes it")
    func keys() throws {
        #expect(GroupOptions().canonicalKey.hasSuffix("5:light,1:0,0:,1:0,3:ltr,1:0,1:-,0:,1:0,"))
        let queries = [
            "", "total=9", "total=10", "id=a", "id=a&id=b", "id=b&id=a", "id=&id=a", "dir=rtl", "distinct=1",
            "palette=accessible", "colors=C62828,1565C0", "colors=1565C0,C62828", "gradient=1",
        ]
        let keys = try queries.map { try parse($0, names: 3).canonicalKey }
        #expect(Set(keys).count == queries.count)
        #expect(try parse("dir=ltr&distinct=0&gradient=0&palette=default&total=3&id=").canonicalKey == GroupOptions().canonicalKey)
    }
}

@Suite("Palettes and gradients (API §10)")
struct PaletteChoiceTests {
    private func avatar(_ query: String, limits: OptionLimits = OptionLimits()) throws -> AvatarOptions {
        try AvatarOptions(query: QueryString.parse(query), limits: limits)
    }

    private func avatarRefusal(_ query: String) -> OptionsError? {
        do {
            _ = try avatar(query)
            return nil
        } catch {
            return error as? OptionsError
        }
    }

    @Test("palette names: default is none, accessible and configured ones by name, any case")
    func names() throws {
        let limits = OptionLimits(palettes: ["accessible", "brand"])
        #expect(try avatar("palette=default").palette == nil)
        #expect(try avatar("palette=Accessible").palette == .named("accessible"))
        #expect(try avatar("palette=BRAND", limits: limits).palette == .named("brand"))
        #expect(avatarRefusal("palette=brand")?.message == "palette must be default or accessible")
        #expect(avatarRefusal("palette=default&colors=FFF,000")?.parameter == "colors")
    }

    @Test("colors: 2 to 32 opaque hex colours")
    func colors() throws {
        #expect(try avatar("colors=FFF,%23000000").palette == .colors([.white, RGBA(red: 0, green: 0, blue: 0)]))
        #expect(try avatar("colors=" + Array(repeating: "123456", count: 32).joined(separator: ",")).palette != nil)
        for bad in ["FFF", Array(repeating: "123456", count: 33).joined(separator: ","), "FFF,", "FFF,12345", "FFF,1234567F", "FFF,GGG"] {
            #expect(avatarRefusal("colors=\(bad)")?.message == "colors must be 2 to 32 hex colours RGB or RRGGBB separated by commas", "\(bad)")
        }
    }

    @Test("gradient: a boolean; not with theme=auto; dropped with bg=transparent")
    func gradientParsing() throws {
        #expect(try avatar("gradient=yes").gradient)
        #expect(try avatar("gradient=1&bg=transparent").gradient == false)
        #expect(avatarRefusal("gradient=1&theme=auto&format=svg")?.parameter == "gradient")
        #expect(avatarRefusal("gradient=maybe")?.message == "gradient must be true, false, 1, 0, yes or no")
        #expect(try avatar("gradient=1").canonicalKey != AvatarOptions().canonicalKey)
        #expect(try avatar("gradient=0&palette=default").canonicalKey == AvatarOptions().canonicalKey)
    }

    @Test("one-off colours: the same pick rule as the built-in palette (hash mod count)")
    func pick() throws {
        let colors = [RGBA(hex: "C62828")!, RGBA(hex: "FFEB3B")!, RGBA(hex: "1565C0")!]
        var options = AvatarOptions()
        options.palette = .colors(colors)
        for name in ["Jane Roe", "Sam Lee", "王小明", "x", "Émile Zola"] {
            let index = Int(ColorKey.hash(name) % 3)
            #expect(resolver.resolve(name: name, options: options).spec.background == colors[index])
            #expect(Palette(colors: colors)!.color(forKey: name) == colors[index])
        }
        options.palette = .named("accessible")
        #expect(resolver.resolve(name: "Jane Roe", options: options).spec.background == Palette.accessible.color(forKey: "Jane Roe"))
    }

    @Test("text on any palette colour reaches 4.5:1 (4,096 colours, light and dark themes)")
    func textContrast() throws {
        var options = AvatarOptions()
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) {
                    let colour = RGBA(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                    #expect(Contrast.ratio(Contrast.readableTextColor(on: colour), colour) >= 4.5, "\(colour.hex)")
                }
            }
        }
        options.palette = .colors([RGBA(hex: "FFFF00")!, RGBA(hex: "777777")!, RGBA(hex: "7F7F7F")!, RGBA(hex: "00FFFF")!])
        for theme in [Theme.light, .dark] {
            options.theme = theme
            for name in (0..<40).map({ "name \($0)" }) {
                let spec = resolver.resolve(name: name, options: options).spec
                #expect(Contrast.ratio(spec.foreground, spec.background) >= 4.5)
            }
        }
    }

    @Test("a gradient's every point keeps 4.5:1 with its text (every 8-bit step between the stops)")
    func gradientContrast() throws {
        var generator = SystemRandomNumberGenerator()
        var colours = [RGBA.white, RGBA(red: 0, green: 0, blue: 0), RGBA(hex: "777777")!, RGBA(hex: "FFFF00")!]
        colours += (0..<300).map { _ in RGBA(red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator), blue: .random(in: 0...255, using: &generator)) }
        for colour in colours {
            let (gradient, text) = Gradient.make(start: colour, angle: 45, given: nil)
            for step in 0...255 {
                let t = Double(step) / 255
                func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - t) + Double(b) * t).rounded()) }
                let point = RGBA(red: mix(gradient.start.red, gradient.end.red), green: mix(gradient.start.green, gradient.end.green), blue: mix(gradient.start.blue, gradient.end.blue))
                #expect(Contrast.ratio(text, point) >= 4.5, "\(colour.hex) at \(step)")
            }
            #expect(Contrast.relativeLuminance(gradient.end) <= Contrast.relativeLuminance(gradient.start))
        }
    }

    @Test("gradient faces: the start is the palette colour, the angle comes from the key, JSON names the stops")
    func gradientFaces() throws {
        var options = AvatarOptions()
        options.gradient = true
        let plain = resolver.resolve(name: "Jane Roe", options: AvatarOptions()).spec
        let resolved = resolver.resolve(name: "Jane Roe", options: options)
        let gradient = try #require(resolved.spec.gradient)
        #expect(gradient.start == plain.background && resolved.spec.background == plain.background)
        #expect(gradient.end == Gradient.scaled(plain.background, by: 0.7))
        #expect(gradient.angle == Gradient.angle(forKey: "jane roe") && gradient.angle % 15 == 0 && (0..<360).contains(gradient.angle))
        let angles = Set((0..<200).map { Gradient.angle(forKey: "person \($0)") })
        #expect(angles.count > 12)
        let json = try object(resolved.json)
        let stops = try #require(json["gradient"] as? [String: Any])
        #expect(stops["stops"] as? [String] == [gradient.start.hex, gradient.end.hex])
        #expect(stops["angle"] as? Int == gradient.angle)
        #expect(json["background"] as? String == plain.background.hex)
    }

    @Test("the accessible palette: eight colours, each 4.5:1 with white")
    func accessible() {
        #expect(Palette.accessible.colors.count == 8)
        for colour in Palette.accessible.colors { #expect(Contrast.ratio(.white, colour) >= 4.5, "\(colour.hex)") }
    }
}

@Suite("distinct=true on /group")
struct DistinctTests {
    /// Names whose own colours (in the default palette) collide.
    private func colliding(_ count: Int) -> [String] {
        let target = Palette.default.index(forKey: "Jane Roe")
        var names = ["Jane Roe"]
        var n = 0
        while names.count < count {
            n += 1
            if Palette.default.index(forKey: "p\(n)") == target { names.append("p\(n)") }
        }
        return names
    }

    @Test("no two faces share a colour; the earliest keeps the colour it has alone; deterministic")
    func distinct() throws {
        let names = colliding(4)
        let plain = try group(names, "max=4")
        #expect(Set(plain.spec.faces.map(\.background)).count == 1)
        let resolved = try group(names, "max=4&distinct=true")
        #expect(Set(resolved.spec.faces.map(\.background)).count == 4)
        #expect(resolved.spec.faces[0].background == plain.spec.faces[0].background)
        #expect(try group(names, "max=4&distinct=true").spec == resolved.spec)
        #expect(try group(names, "max=4&distinct=1").canonicalKey(names) != plain.canonicalKey(names))
    }

    @Test("a face keeps its own colour unless an earlier face has the same one")
    func keepsOwn() throws {
        for offset in 0..<30 {
            let names = (0..<10).map { "n\(offset)-\($0)" }
            let resolved = try group(names, "max=10&distinct=1")
            let alone = names.map { resolver.resolve(name: $0, options: AvatarOptions()).spec.background }
            #expect(Set(resolved.spec.faces.map(\.background)).count == 10)
            for index in names.indices where !alone[..<index].contains(alone[index]) {
                #expect(resolved.spec.faces[index].background == alone[index])
            }
        }
    }

    @Test("a palette as large as the row: every face differs; smaller: the first keeps its colour, all colours used")
    func smallPalette() throws {
        for names in [["a", "b", "c"], ["x", "y", "z"], ["Jane Roe", "p1", "q2"]] {
            let three = try group(names, "distinct=1&colors=C62828,1565C0,2E7D32")
            #expect(Set(three.spec.faces.map(\.background)).count == 3)
        }
        let names = ["a", "b", "c", "d", "e"]
        let two = try group(names, "max=5&distinct=1&colors=C62828,1565C0")
        let alone = try group(names, "max=5&colors=C62828,1565C0")
        #expect(two.spec.faces[0].background == alone.spec.faces[0].background)
        #expect(Set(two.spec.faces.map(\.background)).count == 2)
    }
}

extension ResolvedGroup {
    fileprivate func canonicalKey(_ names: [String]) -> String { options.canonicalKey(names: names) }
}
