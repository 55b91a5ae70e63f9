import Foundation
import Testing
@testable import MonogramCore

private let resolver = AvatarResolver(palette: .default, defaultFont: "Noto Sans", defaultBold: false)

private func group(_ names: [String], _ query: String = "") throws -> ResolvedGroup {
    let options = try GroupOptions(query: QueryString.parse(query), limits: OptionLimits(), nameCount: names.count)
    return resolver.resolve(names: names, options: options)
}

private func object(_ json: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
}

@Suite("Group resolving and JSON")
struct GroupResolverTests {
    @Test("each face has that person's single-avatar colour and initials")
    func sameAsAvatar() throws {
        let names = ["Jane Roe", "John Smith", "Ann Lee"]
        let resolved = try group(names, "length=1&uppercase=0&bold=1&font-size=0.4")
        var single = AvatarOptions()
        (single.length, single.uppercase, single.bold, single.fontSize) = (1, false, true, 0.4)
        for (face, name) in zip(resolved.spec.faces, names) {
            let avatar = resolver.resolve(name: name, options: single).spec
            #expect(face.background == avatar.background && face.foreground == avatar.foreground)
            #expect(face.content == avatar.content && face.bold && face.fontScale == 0.4)
            #expect(face.fontFamily == "Noto Sans")
        }
        #expect(Set(resolved.spec.faces.map(\.background)).count == 3)
    }

    @Test("empty names draw the placeholder on the neutral colour")
    func placeholders() throws {
        let resolved = try group(["", "Kim", ""])
        #expect(resolved.spec.faces.map(\.content) == [.placeholder, .initials("K"), .placeholder])
        #expect(resolved.spec.faces[0].background == AvatarResolver.neutral)
    }

    @Test("the +N bubble exists only with more=true and more names than max", arguments: [
        (5, "more=true", "+2"), (5, "", nil), (3, "more=true", nil), (4, "more=1&max=1", "+3"),
        (100, "more=1", "+97"), (2, "more=1&max=1", "+1"),
    ])
    func bubble(_ count: Int, _ query: String, _ label: String?) throws {
        let resolved = try group((0..<count).map { "Person \($0)" }, query)
        let expected: AvatarSpec.Content? = label.map { .initials($0) }
        #expect(resolved.spec.bubble?.content == expected)
        #expect(resolved.spec.slots.count == resolved.spec.layout.slots)
        if let bubble = resolved.spec.bubble {
            #expect(bubble.background == AvatarResolver.neutral && bubble.foreground == .white)
        }
    }

    @Test("JSON lists the drawn faces as /avatar does, with count, more and the image size", arguments: [
        (5, "more=true", 3, 2, true, 199.0), (5, "", 3, 2, false, 154.0), (2, "more=1", 2, 0, false, 109.0),
        (4, "dpr=1.5&size=33&max=1&more=1", 1, 3, true, 85 / 1.5),
    ])
    func json(_ count: Int, _ query: String, _ faces: Int, _ more: Int, _ bubble: Bool, _ width: Double) throws {
        let names = (0..<count).map { "Person \($0)" }
        let json = try object(group(names, query).json)
        #expect(json["count"] as? Int == count)
        #expect(json["more"] as? Int == more)
        #expect(json["bubble"] as? Bool == bubble)
        #expect(json["width"] as? Double == width)
        let list = try #require(json["faces"] as? [[String: Any]])
        #expect(list.count == faces)
        let single = try object(resolver.resolve(name: "Person 0", options: AvatarOptions()).json)
        #expect(list[0]["name"] as? String == "Person 0")
        #expect(list[0]["background"] as? String == single["background"] as? String)
        #expect(list[0]["initials"] as? String == single["initials"] as? String)
        #expect(Set(list[0].keys) == Set(single.keys))
    }

    @Test("JSON reports the ring: width in CSS px, colour or transparent")
    func ringJSON() throws {
        let plain = try object(group(["a"]).json)
        #expect(plain["border"] as? Int == 4 && plain["borderColor"] as? String == "#FFFFFF")
        let cut = try object(group(["a"], "border-color=transparent&border=2").json)
        #expect(cut["border"] as? Int == 2 && cut["borderColor"] as? String == "transparent")
    }
}
