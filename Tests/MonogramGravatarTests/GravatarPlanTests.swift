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

    @Test("the canonical text changes with the entry, the size and the kind")
    func canonical() {
        let changed = DirectoryEntry(name: "Jane Roe", colorKey: "jane@example.com", picture: nil)
        let names = [
            GravatarDrawing.entry(Self.entry).canonical(pixels: 80), GravatarDrawing.entry(changed).canonical(pixels: 80),
            GravatarDrawing.entry(Self.entry).canonical(pixels: 81), GravatarDrawing.placeholder.canonical(pixels: 80),
            GravatarDrawing.blank.canonical(pixels: 80), GravatarDrawing.color(Self.hash).canonical(pixels: 80),
            GravatarDrawing.identicon(Self.hash).canonical(pixels: 80),
        ]
        #expect(Set(names).count == names.count)
    }
}
