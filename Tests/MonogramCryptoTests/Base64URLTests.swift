import MonogramCrypto
import Testing

@Suite struct Base64URLTests {
    /// RFC 4648 §10, with `=` removed (the unpadded form).
    @Test("encodes RFC 4648's examples without padding", arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func examples(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(Array(encoded.utf8)) == Array(plain.utf8))
    }

    @Test("uses - and _ where standard base64 has + and /")
    func urlAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.decode(Array("-_-_".utf8)) == [0xFB, 0xFF, 0xBF])
    }

    @Test("round-trips every length up to 70 bytes")
    func roundTrip() {
        for length in 0...70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(Base64URL.decode(Array(Base64URL.encode(bytes).utf8)) == bytes)
        }
    }

    @Test("rejects padding, foreign characters, a lone last character and non-zero spare bits", arguments: [
        "Zg==", "Zm9v+A", "Zm9v/A", "Zm 9v", "Z", "Zm9vY", "Zh", "Zm9", "Zm%3D", "é",
    ])
    func rejects(text: String) {
        #expect(Base64URL.decode(Array(text.utf8)) == nil)
    }
}
