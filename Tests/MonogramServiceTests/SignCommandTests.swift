@testable import MonogramService
import Testing

@Suite struct SignCommandTests {
    @Test("sign takes one TARGET and --config")
    func parse() throws {
        let options = try CommandLineOptions.parse(["sign", "--config", "x.json", "/avatar/a?b=c"])
        #expect(options.action == .sign(target: "/avatar/a?b=c"))
        #expect(options.configPath == "x.json")
        #expect(throws: ConfigurationError.self) { try CommandLineOptions.parse(["sign"]) }
        #expect(try CommandLineOptions.parse(["sign", "/purge", "tags=monogram"]).action == .sign(target: "/purge", body: "tags=monogram"))
        #expect(throws: ConfigurationError.self) { try CommandLineOptions.parse(["sign", "/a", "/b", "/c"]) }
        #expect(throws: ConfigurationError.self) { try CommandLineOptions.parse(["sign", "--size", "3", "/a"]) }
    }

    @Test("a path is signed as is; a full URL by its path and query")
    func signed() throws {
        let keys = ["sign command test key"]
        let path = try SignCommand.signed("/avatar/x?size=3", keys: keys).get()
        #expect(path == (try URLSigner(keys: keys).sign("/avatar/x?size=3")))
        #expect(try SignCommand.signed("https://a.example:8443/avatar/x?size=3", keys: keys).get() == "https://a.example:8443" + path)
        #expect(try SignCommand.signed("http://a.example", keys: keys).get() == "http://a.example" + (try URLSigner(keys: keys).sign("/")))
    }

    @Test("/purge is signed with body= and the digest of the BODY it will send; it needs one, and only it takes one")
    func purgeBody() throws {
        let keys = ["sign command test key"]
        // SHA-256 of "tags=monogram", unpadded base64url.
        let digest = "uXG5i4iCOF_NgTE8gRDyXMHYrKQH3jYmQcwdjNSSIwM"
        #expect(PurgeSignature.digest(Array("tags=monogram".utf8)) == digest)
        let signed = try SignCommand.signed("/purge", body: "tags=monogram", keys: keys).get()
        #expect(signed == (try URLSigner(keys: keys).sign("/purge?body=" + digest)))
        #expect(throws: SignCommand.Problem.self) { try SignCommand.signed("/purge", keys: keys).get() }
        #expect(throws: SignCommand.Problem.self) { try SignCommand.signed("/avatar/x", body: "tags=monogram", keys: keys).get() }
    }

    @Test("what a browser would percent-encode is encoded before signing, so the signed URL is what it sends", arguments: [
        ("/avatar/Jane Doe?size=64", "/avatar/Jane%20Doe?size=64"),
        ("/avatar/Zoë 王", "/avatar/Zo%C3%AB%20%E7%8E%8B"),
        ("/avatar/a\"<>`{}^|\\b?name=x y'\"<>&bg=`{}", "/avatar/a%22%3C%3E%60%7B%7D%5E%7C%5Cb?name=x%20y%27%22%3C%3E&bg=`{}"),
        ("/avatar/Jane%20Doe?size=64", "/avatar/Jane%20Doe?size=64"),
        ("https://a.example/avatar/é?x=é", "https://a.example/avatar/%C3%A9?x=%C3%A9"),
    ])
    func browserEncoding(target: String, sent: String) throws {
        let keys = ["sign command test key"]
        let signed = try SignCommand.signed(target, keys: keys).get()
        let origin = sent.hasPrefix("https://") ? String(sent.dropFirst("https://a.example".count)) : sent
        #expect(signed.hasSuffix(try URLSigner(keys: keys).sign(origin)))
        #expect(signed.hasPrefix(sent))
        #expect(signed.unicodeScalars.allSatisfy { $0.isASCII && $0 != " " })
    }

    @Test("refuses what cannot be a request target, a fragment, and signing without a key", arguments: [
        "avatar/x", "/avatar/\u{7F}", "ftp://x/y", "/avatar/x#frag", "/avatar/x?size=64#f", "https://a.example/avatar/x#", "/avatar/a\tb", "/avatar/\u{85}",
    ])
    func refuses(target: String) {
        #expect(throws: SignCommand.Problem.self) { try SignCommand.signed(target, keys: ["sign command test key"]).get() }
        #expect(throws: SignCommand.Problem.self) { try SignCommand.signed("/avatar/x", keys: []).get() }
    }
}
