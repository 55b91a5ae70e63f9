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

    @Test("the ETag seed is the request plus what the bytes depend on, as before keys were typed")
    func etagSeeds() {
        let key = AnswerKey.avatar(AvatarOptions(), name: "Jane")
        let plain = key.etagSeed(.plain)
        #expect(plain == "avatar|" + AvatarOptions().canonicalKey + "|n=Jane")
        #expect(key.etagSeed(.picture(digest: 0xAB)) == plain + "|picture|ab")
        #expect(key.etagSeed(.pictureFallback) == plain + "|fallback")
        let group = AnswerKey.group(GroupOptions(), names: ["a", "b"])
        #expect(group.etagSeed(.groupPictures([(0, 1), (2, 0xFF)])) == "group|" + GroupOptions().canonicalKey(names: ["a", "b"]) + "|pictures|0:1,2:ff")
    }
}
