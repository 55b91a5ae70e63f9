import Foundation
@testable import MonogramClient
import Testing

@Suite("client signing")
struct SigningTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return out
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// RFC 4231 §4.2–4.7 (test case 5 truncates the MAC, which signing never does).
    static let rfc4231: [(key: String, data: String, mac: String)] = [
        (String(repeating: "0b", count: 20), "4869205468657265", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        ("4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        (String(repeating: "aa", count: 20), String(repeating: "dd", count: 50), "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        ("0102030405060708090a0b0c0d0e0f10111213141516171819", String(repeating: "cd", count: 50), "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        (String(repeating: "aa", count: 131), "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374", "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        (String(repeating: "aa", count: 131), "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616e642061206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f20626520686173686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e", "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test("HMAC-SHA256 matches RFC 4231's vectors")
    func rfc4231Vectors() {
        for vector in Self.rfc4231 {
            #expect(Self.hex(HMACSigner(keyBytes: Self.bytes(vector.key)).mac(for: Self.bytes(vector.data))) == vector.mac)
        }
    }

    @Test("SHA-256 matches FIPS 180-4's examples, across the padding boundary")
    func sha256() {
        #expect(Self.hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Self.hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(Self.hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000)))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("exp is signed, sig is last, and an injected signer sees exactly the target")
    func expiry() throws {
        let key = String(repeating: "k", count: 16)
        let seen = SeenBytes()
        let recording = ClosureSigner { bytes in
            seen.set(bytes)
            return HMACSigner(key: key).mac(for: bytes)
        }
        let a = try URLSignature.sign("https://h.example/avatar/x?size=64", with: recording, expires: Date(timeIntervalSince1970: 4_102_444_800.9))
        let b = try URLSignature.sign("https://h.example/avatar/x?size=64", with: HMACSigner(key: key), expires: 4_102_444_800)
        #expect(a == b)
        #expect(String(decoding: seen.get(), as: UTF8.self) == "/avatar/x?size=64&exp=4102444800")
        #expect(a.hasPrefix("https://h.example/avatar/x?size=64&exp=4102444800&sig="))
        #expect(a.split(separator: "=").last?.count == 43)
        #expect(throws: MonogramClientError.self) { _ = try URLSignature.sign("/x", with: ClosureSigner { _ in [0] }) }
        #expect(throws: MonogramClientError.self) { _ = try URLSignature.sign("avatar/x", with: HMACSigner(key: key)) }
    }

    final class SeenBytes: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        func set(_ value: [UInt8]) { lock.withLock { bytes = value } }
        func get() -> [UInt8] { lock.withLock { bytes } }
    }
}
