import MonogramCore
import Testing

@Suite("cache tags and the purge body (API §9)")
struct CacheTagTests {
    /// FNV-1a 64 written out here, byte by byte, so the tag does not check itself against itself.
    func fnv(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    @Test("a person's tag is p- and 16 lower-case hex digits of FNV-1a 64 of the case-folded key")
    func tagText() {
        #expect(CacheTag.text(CacheTag.person("Jane Roe")) == "p-90b97cbe1ae53953")
        #expect(CacheTag.person("Jane Roe") == fnv("jane roe"))
        #expect(CacheTag.text(0x00ff) == "p-00000000000000ff")
        // Folded as the colour rule folds it: case, NFC, and the final sigma.
        #expect(CacheTag.person("JANE ROE") == CacheTag.person("jane roe"))
        #expect(CacheTag.person("E\u{301}mile") == CacheTag.person("\u{C9}MILE"))
        #expect(CacheTag.person("ΟΔΟΣ") == CacheTag.person("οδος"))
        #expect(CacheTag.person("ΟΔΟΣ") == fnv("οδοσ"))
        #expect(CacheTag.person("Jane Roe") != CacheTag.person("Jane Doe"))
    }

    @Test("the header is monogram first, then each person once in face order; an empty key is nobody")
    func header() {
        let people = CacheTag.people(["Sam Lee", "", "jane roe", "SAM LEE"])
        #expect(people == [fnv("sam lee"), fnv("jane roe")])
        #expect(CacheTag.header(people) == "monogram \(CacheTag.text(fnv("sam lee"))) \(CacheTag.text(fnv("jane roe")))")
        #expect(CacheTag.header([]) == "monogram")
    }

    func parse(_ body: String) throws(OptionsError) -> PurgeRequest {
        try PurgeRequest(body: Array(body.utf8))
    }

    @Test("a purge body names person tags and monogram, in any case and escaping, repeats once")
    func purgeBody() throws {
        let request = try parse("tags=p-0123456789abcdef+p-FEDCBA9876543210%20p-0123456789ABCDEF&x=1&tags=p-0000000000000001")
        #expect(!request.all)
        #expect(request.people == [0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210, 1])
        #expect(try parse("tags=monogram").all)
        #expect(try parse("tags=monogram+p-0000000000000002").people == [2])
    }

    @Test("a bad purge body is an error naming what is wrong", arguments: [
        ("", "at least one tag"), ("tags=", "at least one tag"), ("other=p-0000000000000001", "at least one tag"),
        ("tags=p-123", "not \"p-123\""), ("tags=p-0123456789abcdeg", "not"), ("tags=P-0123456789abcdef", "not"),
        ("tags=jane", "not \"jane\""), ("tags=p-%zz", "percent-encoding"), ("tags=%", "percent-encoding"),
    ])
    func badBodies(body: String, message: String) {
        #expect {
            _ = try parse(body)
        } throws: { error in
            (error as? OptionsError)?.message.contains(message) == true && (error as? OptionsError)?.parameter == "tags"
        }
    }

    @Test("at most 1000 tags")
    func limit() throws {
        let tags = (0..<1001).map { CacheTag.text(UInt64($0)) }
        #expect(try parse("tags=" + tags.prefix(1000).joined(separator: "+")).people.count == 1000)
        #expect(throws: OptionsError.self) { try parse("tags=" + tags.joined(separator: "+")) }
    }
}
