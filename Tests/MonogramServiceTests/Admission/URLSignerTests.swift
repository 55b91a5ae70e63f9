import MonogramCrypto
@testable import MonogramService
import Testing

@Suite struct URLSignerTests {
    let signer = URLSigner(keys: ["first key, 16 bytes or more", "second key, 16 bytes or more"])

    @Test("the signature is base64url HMAC-SHA256 of the target before ?sig= or &sig=", arguments: [
        ("/avatar/Jane%20Doe", "?"), ("/avatar/Jane%20Doe?size=64", "&"), ("/group/a,b?max=2&more=true", "&"),
    ])
    func format(target: String, separator: String) throws {
        let signed = try signer.sign(target)
        let mac = try Digest.hmacSHA256(key: Array("first key, 16 bytes or more".utf8), data: Array(target.utf8))
        #expect(signed == target + separator + "sig=" + Base64URL.encode(mac))
        #expect(signer.verify(signed) == .success(separator.utf8.count + 4 + 43))
    }

    @Test("any configured key verifies (rotation); an unknown one does not")
    func rotation() throws {
        let old = try URLSigner(keys: ["second key, 16 bytes or more"]).sign("/avatar/x?size=32")
        #expect(try signer.verify(old).get() > 0)
        let stranger = try URLSigner(keys: ["someone else's key material"]).sign("/avatar/x?size=32")
        #expect(signer.verify(stranger) == .failure(.mismatch))
    }

    @Test("any change to the signed part is a mismatch", arguments: [
        "/avatar/y?size=32", "/avatar/x?size=33", "/avatar/x?size=32&v=2", "/avatar/X?size=32", "/avatar/x?size=32&",
    ])
    func tamper(changed: String) throws {
        let signed = try signer.sign("/avatar/x?size=32")
        let signature = signed.dropFirst("/avatar/x?size=32".count)
        #expect(signer.verify(changed + signature) == .failure(.mismatch))
    }

    @Test("sig must be the last parameter, present and 43 base64url characters", arguments: [
        ("/avatar/x", URLSigner.Refusal.missing),
        ("/avatar/x?size=32", .missing),
        ("/avatar/x?sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&size=32", .missing),
        ("/avatar/x?xsig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", .missing),
        ("/avatar/x?sig=", .malformed),
        ("/avatar/x?sig=abc", .malformed),
        ("/avatar/x?sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", .malformed),
        ("/avatar/x?sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA+", .malformed),
        ("/avatar/x?sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB", .malformed),
        ("/avatar/x?sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", .malformed),
        ("/avatar/x?sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", .mismatch),
    ])
    func refusals(target: String, refusal: URLSigner.Refusal) {
        #expect(signer.verify(target) == .failure(refusal))
    }

    @Test("non-ASCII and percent-encoded targets are signed byte for byte as sent")
    func bytes() throws {
        let raw = try signer.sign("/avatar/Zoë")
        let encoded = try signer.sign("/avatar/Zo%C3%AB")
        #expect(raw.hasPrefix("/avatar/Zoë?sig="))
        #expect(raw.dropFirst("/avatar/Zoë".utf8.count) != encoded.dropFirst("/avatar/Zo%C3%AB".utf8.count))
        #expect(try signer.verify(raw).get() == 48)
        #expect(try signer.verify(encoded).get() == 48)
    }

    @Test("signing without a key is an error, not an unsigned URL")
    func noKey() {
        #expect(throws: URLSigner.SigningError.self) { try URLSigner(keys: []).sign("/avatar/x") }
    }
}
