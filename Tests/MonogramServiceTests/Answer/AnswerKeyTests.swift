import MonogramCore
import Testing

@Suite("answer keys")
struct AnswerKeyTests {
    @Test("the kind is part of the key: an avatar and a group never share one")
    func kindsDiffer() {
        let avatar = AnswerKey.avatar(AvatarOptions(), name: "a")
        let group = AnswerKey.group(GroupOptions(), names: ["a"])
        #expect(avatar != group)
        #expect(avatar == AnswerKey.avatar(AvatarOptions(), name: "a"))
    }

    @Test("a name cannot forge another key's options")
    func namesCannotForge() {
        var options = AvatarOptions()
        options.size = 64
        let forged = AnswerKey.avatar(AvatarOptions(), name: "x|n=y")
        #expect(forged != AnswerKey.avatar(options, name: "x"))
        #expect(forged.name == "x|n=y")
    }

    @Test("the ETag seed is the kind, the request and what the bytes depend on, each a field")
    func etagSeeds() {
        let key = AnswerKey.avatar(AvatarOptions(), name: "Jane")
        let canonical = AvatarOptions().canonicalKey
        let plain = key.etagSeed(.plain)
        #expect(CanonicalKeyWriter.fields(of: plain) == ["avatar", canonical, "Jane"])
        #expect(CanonicalKeyWriter.fields(of: key.etagSeed(.picture(digest: 0xAB))) == ["avatar", canonical, "Jane", "picture", "ab"])
        #expect(key.etagSeed(.pictureFallback) == plain + "8:fallback,")
        let group = AnswerKey.group(GroupOptions(), names: ["a", "b"])
        #expect(CanonicalKeyWriter.fields(of: group.etagSeed(.groupPictures([(0, 1), (2, 0xFF)])))
            == ["group", GroupOptions().canonicalKey(names: ["a", "b"]), "pictures", "2", "0", "1", "2", "ff"])
    }

    @Test("a name holding a key's own text never makes another request's seed", arguments: ["", "0:,", "a,5:other", "Jane,3:x"])
    func namesCannotForgeSeeds(_ name: String) {
        let seeds = Set([
            AnswerKey.avatar(AvatarOptions(), name: name).etagSeed(.plain),
            AnswerKey.avatar(AvatarOptions(), name: name + "x").etagSeed(.plain),
            AnswerKey.avatar(AvatarOptions(), name: name).etagSeed(.pictureFallback),
            AnswerKey.group(GroupOptions(), names: [name]).etagSeed(.plain),
            AnswerKey.group(GroupOptions(), names: [name, ""]).etagSeed(.plain),
            AnswerKey.gravatar(name).etagSeed(.plain),
        ])
        #expect(seeds.count == 6)
    }
}
