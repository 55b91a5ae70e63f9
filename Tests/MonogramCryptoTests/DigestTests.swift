import MonogramCrypto
import Testing

/// The primitives against their standards' own test vectors, so a wrong binding (argument
/// order, lengths, the wrong EVP type) cannot pass.
@Suite struct DigestTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let key: [UInt8]
        let data: [UInt8]
        let hex: String
        var testDescription: String { name }
    }

    /// RFC 4231 §4.2–4.8, HMAC-SHA-256 (test case 5's output is truncated to 128 bits there).
    static let rfc4231: [Vector] = [
        Vector(name: "test case 1", key: [UInt8](repeating: 0x0B, count: 20), data: Array("Hi There".utf8),
               hex: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Vector(name: "test case 2", key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8),
               hex: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Vector(name: "test case 3", key: [UInt8](repeating: 0xAA, count: 20), data: [UInt8](repeating: 0xDD, count: 50),
               hex: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Vector(name: "test case 4", key: Array(1...25), data: [UInt8](repeating: 0xCD, count: 50),
               hex: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Vector(name: "test case 5", key: [UInt8](repeating: 0x0C, count: 20), data: Array("Test With Truncation".utf8),
               hex: "a3b6167473100ee06e0c796c2955552b"),
        Vector(name: "test case 6", key: [UInt8](repeating: 0xAA, count: 131),
               data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
               hex: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Vector(name: "test case 7", key: [UInt8](repeating: 0xAA, count: 131),
               data: Array(("This is a test using a larger than block-size key and a larger than block-size data. "
                   + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
               hex: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test("HMAC-SHA256 matches RFC 4231", arguments: rfc4231)
    func hmac(_ vector: Vector) throws {
        let mac = try Digest.hmacSHA256(key: vector.key, data: vector.data)
        #expect(mac.count == 32)
        #expect(Digest.hex(mac).hasPrefix(vector.hex))
    }

    @Test("HMAC-SHA256 takes any byte collection, including a substring's UTF-8 view")
    func hmacOfSubstring() throws {
        let target = "/avatar/x?size=64&sig=abc"
        let signed = target.prefix(17).utf8
        #expect(try Digest.hmacSHA256(key: Array("k".utf8), data: signed) == Digest.hmacSHA256(key: Array("k".utf8), data: Array(signed)))
    }

    @Test("SHA-256 matches FIPS 180-2's examples and the empty message")
    func sha256() throws {
        #expect(Digest.hex(try Digest.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Digest.hex(try Digest.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(Digest.hex(try Digest.sha256(twoBlocks)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("MD5 matches RFC 1321's test suite")
    func md5() throws {
        #expect(Digest.hex(try Digest.md5([])) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(Digest.hex(try Digest.md5(Array("abc".utf8))) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(Digest.hex(try Digest.md5(Array("message digest".utf8))) == "f96b697d7cb7938d525a2f31aaf161d0")
    }

    @Test("constant-time comparison tells equal from different bytes and lengths")
    func constantTime() {
        #expect(Digest.equalInConstantTime([1, 2, 3], [1, 2, 3]))
        #expect(!Digest.equalInConstantTime([1, 2, 3], [1, 2, 4]))
        #expect(!Digest.equalInConstantTime([9, 2, 3], [1, 2, 3]))
        #expect(!Digest.equalInConstantTime([1, 2], [1, 2, 3]))
        #expect(Digest.equalInConstantTime([], []))
    }
}
