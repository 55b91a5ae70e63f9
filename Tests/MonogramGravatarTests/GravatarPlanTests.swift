import Testing
import MonogramCore
@testable import MonogramGravatar

@Suite("What /gravatar answers")
struct GravatarPlanTests {
    static let hash = GravatarHash(pathSegment: "0bc83cb571cd1c50ba6f3e8a78ef1346")!
    static let entry = DirectoryEntry(name: "Jane Doe", colorKey: "jane@example.com", picture: nil)

    func plan(_ pairs: [(String, String)], entry: DirectoryEntry? = nil, signed: Bool = false, allow: Bool = true) -> GravatarPlan {
        let query = GravatarQuery(pairs: pairs.map { (name: $0.0, value: $0.1) }, minSize: 16, maxSize: 1024)
        return GravatarPlan(hash: Self.hash, query: query, entry: entry, signatureRequired: signed) { _ in allow }
    }

    @Test("a known hash draws its entry whatever d says, unless f=y")
    func known() {
        #expect(plan([("d", "404")], entry: Self.entry) == .draw(.entry(Self.entry)))
        #expect(plan([("d", "404"), ("f", "y")], entry: Self.entry) == .notFound)
    }

    @Test("an unknown hash answers d")
    func unknown() {
        #expect(plan([]) == .draw(.placeholder))
        #expect(plan([("d", "mp")]) == .draw(.placeholder))
        #expect(plan([("d", "404")]) == .notFound)
        #expect(plan([("d", "blank")]) == .draw(.blank))
        #expect(plan([("d", "color")]) == .draw(.color(Self.hash)))
        #expect(plan([("d", "retro")]) == .draw(.identicon(Self.hash)))
        #expect(plan([("d", "initials"), ("name", "Jane Doe")]) == .draw(.initials(name: "Jane Doe", initials: nil)))
        #expect(plan([("d", "initials"), ("initials", "JDX9")]) == .draw(.initials(name: "", initials: "JDX")))
        #expect(plan([("d", "initials")]) == .draw(.placeholder))
        #expect(plan([("d", "https://cdn.example/x.png")]) == .redirect("https://cdn.example/x.png"))
        #expect(plan([("d", "https://cdn.example/x.png")], allow: false) == .draw(.placeholder))
        #expect(plan([("d", "https://a@b.example/")]) == .draw(.placeholder))
    }

    @Test("with signatures required, name and initials are ignored")
    func signed() {
        #expect(plan([("d", "initials"), ("name", "Jane Doe")], signed: true) == .draw(.placeholder))
        #expect(plan([("d", "identicon")], signed: true) == .draw(.identicon(Self.hash)))
    }

    @Test("an entry's initials are drawn as /avatar/{name}?id={key} draws them")
    func sameAsAvatar() {
        let resolver = AvatarResolver(palette: .default, defaultFont: "DejaVu Sans", defaultBold: false)
        var options = AvatarOptions()
        options.size = 200
        options.id = "jane@example.com"
        #expect(GravatarDrawing.entry(Self.entry).spec(pixels: 200, resolver: resolver) == resolver.resolve(name: "Jane Doe", options: options).spec)
    }

    @Test("the key changes with the entry, the size and the kind")
    func canonical() {
        let changed = DirectoryEntry(name: "Jane Roe", colorKey: "jane@example.com", picture: nil)
        let hash = Self.hash
        let names = [
            GravatarDrawing.entry(Self.entry).canonicalKey(hash: hash, pixels: 80), GravatarDrawing.entry(changed).canonicalKey(hash: hash, pixels: 80),
            GravatarDrawing.entry(Self.entry).canonicalKey(hash: hash, pixels: 81), GravatarDrawing.placeholder.canonicalKey(hash: hash, pixels: 80),
            GravatarDrawing.blank.canonicalKey(hash: hash, pixels: 80), GravatarDrawing.color(hash).canonicalKey(hash: hash, pixels: 80),
            GravatarDrawing.identicon(hash).canonicalKey(hash: hash, pixels: 80),
        ]
        #expect(Set(names).count == names.count)
    }

    @Test("initials and name holding the old separator never share a key", arguments: [
        (("X|Y", "Z"), ("X", "Y|Z")), (("X", "|Z"), ("X|", "Z")), ((nil, "a"), ("", "a")), (("-", ""), (nil, "-")),
        (("1:a,", "b"), ("1", "a,b")), ((nil, "0:,"), ("", "")),
    ] as [((String?, String), (String?, String))])
    func initialsKeys(_ first: (String?, String), _ second: (String?, String)) {
        let one = GravatarDrawing.initials(name: first.1, initials: first.0).canonicalKey(hash: Self.hash, pixels: 80)
        let two = GravatarDrawing.initials(name: second.1, initials: second.0).canonicalKey(hash: Self.hash, pixels: 80)
        #expect(one != two)
        #expect(CanonicalKeyWriter.fields(of: one) == [Self.hash.description, "80", "initials", first.0.map { "=" + $0 } ?? "", first.1])
    }
}
