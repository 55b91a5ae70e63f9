import Testing
@testable import MonogramCore

@Suite("Path segment")
struct PathSegmentTests {
    @Test("percent-decodes bytes, + only when asked", arguments: [
        ("a%20b", false, "a b"),
        ("a+b", false, "a+b"),
        ("a+b", true, "a b"),
        ("%2B", true, "+"),
        ("%e2%82%ac", false, "€"),
        ("%E2%82%AC", true, "€"),
        ("", true, ""),
    ])
    func percentDecode(_ raw: String, _ plusIsSpace: Bool, _ expected: String) {
        #expect(PathSegment.percentDecode(raw.utf8, plusIsSpace: plusIsSpace) == Array(expected.utf8))
    }

    @Test("percent-decoding keeps any byte, even non-UTF-8")
    func keepsBytes() {
        #expect(PathSegment.percentDecode("%FF%00".utf8, plusIsSpace: true) == [0xFF, 0x00])
    }

    @Test("a % without two hex digits is invalid", arguments: ["%", "a%", "%4", "%4g", "%g4", "%%41"])
    func invalidPercent(_ raw: String) {
        #expect(PathSegment.percentDecode(raw.utf8, plusIsSpace: false) == nil)
    }

    @Test("decodes names", arguments: [
        ("Jane%20Roe", "Jane Roe"),
        ("Jane+Roe", "Jane Roe"),
        ("Jane%2BRoe", "Jane+Roe"),
        ("Zo%C3%AB", "Zo\u{EB}"),
        ("Zoe%CC%88", "Zo\u{EB}"),  // NFC composes e + U+0308
        ("%20%20Jane%09", "Jane"),
        ("%C2%A0Jane%C2%A0Roe%C2%A0", "Jane\u{A0}Roe"),  // no-break space trimmed at the ends only
        ("%E3%80%80%E7%8E%8B%E5%B0%8F%E6%98%8E", "王小明"),  // ideographic space
        ("", ""),
        ("+++", ""),
        ("a.b.c", "a.b.c"),
        ("jane.roe@example.com", "jane.roe@example.com"),
    ])
    func decodesNames(_ raw: String, _ expected: String) throws {
        let name = try PathSegment.decodeName(Substring(raw))
        #expect(name == expected)
        #expect(Array(name.unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test("bad percent-encoding in a name is a 400", arguments: ["%", "Jane%2", "%zzJane"])
    func badName(_ raw: String) {
        #expect(throws: OptionsError(parameter: "name", message: "name has invalid percent-encoding")) {
            try PathSegment.decodeName(Substring(raw))
        }
    }

    @Test("a name that is not UTF-8 is a 400", arguments: ["%FF", "Jane%C3", "%C0%AF", "%ED%A0%80"])
    func notUTF8(_ raw: String) {
        #expect(throws: OptionsError(parameter: "name", message: "name is not valid UTF-8")) {
            try PathSegment.decodeName(Substring(raw))
        }
    }

    @Test("at most 256 bytes after decoding, NFC and trimming", arguments: [
        (String(repeating: "a", count: 256), true),
        (String(repeating: "a", count: 257), false),
        (String(repeating: "%C3%A9", count: 128), true),  // 128 × é = 256 bytes
        (String(repeating: "e%CC%81", count: 128), true),  // 384 bytes decomposed, 256 after NFC
        (String(repeating: "%E7%8E%8B", count: 86), false),  // 258 bytes
        ("%20" + String(repeating: "a", count: 256) + "%20", true),
    ])
    func maxBytes(_ raw: String, _ accepted: Bool) {
        let error = OptionsError(parameter: "name", message: "name must be at most 256 bytes")
        if accepted {
            #expect(throws: Never.self) { try PathSegment.decodeName(Substring(raw)) }
        } else {
            #expect(throws: error) { try PathSegment.decodeName(Substring(raw)) }
        }
    }

    @Test("an ASCII name is trimmed exactly as by Character, for every ASCII byte at either end")
    func asciiTrimMatchesCharacters() {
        for byte in UInt8(0)..<0x80 {
            for text in [[byte, 0x61, byte], [byte, byte], [0x61, byte, 0x0D, 0x0A, byte, 0x62], [0x0D, 0x0A, byte]] {
                #expect(text.withUnsafeBufferPointer { PathSegment.trimmedASCII($0) } == PathSegment.trimmed(String(decoding: text, as: UTF8.self)), "byte \(byte)")
            }
        }
    }

    @Test("decoding into a buffer gives what decoding into an array gives, escapes good and bad")
    func bufferDecodeMatches() {
        let alphabet = Array("%+aF0g9é ".utf8)
        var generator = SystemRandomNumberGenerator()
        for length in 0..<12 {
            for _ in 0..<300 {
                let input = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                for plus in [true, false] {
                    let expected = PathSegment.percentDecode(input, plusIsSpace: plus)
                    let got = input.withUnsafeBufferPointer { bytes in
                        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { output in
                            PathSegment.percentDecode(bytes, plusIsSpace: plus, into: output).map { Array(output[..<$0]) }
                        }
                    }
                    #expect(got == expected, "\(input)")
                }
            }
        }
    }

    @Test("the byte limit is configurable and named in the message")
    func customLimit() throws {
        #expect(try PathSegment.decodeName("Jane%20", maxBytes: 4) == "Jane")
        #expect(throws: OptionsError(parameter: "name", message: "name must be at most 4 bytes")) {
            try PathSegment.decodeName("Janet", maxBytes: 4)
        }
    }
}

@Suite("Avatar path suffix")
struct AvatarPathTests {
    @Test("splits a lower-case .png, .svg, .json, .webp, .avif, .jpg or .jpeg suffix", arguments: [
        ("Jane%20Roe.png", "Jane%20Roe", OutputFormat.png as OutputFormat?),
        ("Jane.svg", "Jane", .svg),
        ("Jane.json", "Jane", .json),
        ("Jane.webp", "Jane", .webp),
        ("Jane.avif", "Jane", .avif),
        ("Jane.WEBP", "Jane.WEBP", nil),
        ("Jane.gif", "Jane.gif", nil),
        (".png", "", .png),
        ("x.png.svg", "x.png", .svg),
        ("a.b.c", "a.b.c", nil),
        ("Jane.PNG", "Jane.PNG", nil),
        ("Jane.jpg", "Jane", .jpeg),
        ("Jane.jpeg", "Jane", .jpeg),
        ("Jane.JPG", "Jane.JPG", nil),
        ("png", "png", nil),
        ("Jane.", "Jane.", nil),
        ("Jane%2Epng", "Jane%2Epng", nil),
        ("", "", nil),
        ("Zo\u{EB}.svg", "Zo\u{EB}", .svg),
        ("x.\u{301}png", "x.\u{301}png", nil),
        ("x.png\u{301}", "x.png\u{301}", nil),
    ])
    func split(_ segment: String, _ name: String, _ format: OutputFormat?) {
        let result = AvatarPath.split(Substring(segment))
        #expect(result.name == name)
        #expect(result.format == format)
    }
}
