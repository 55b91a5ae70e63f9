@testable import MonogramService
import Testing

@Suite struct SignCommandTests {
    @Test("sign takes one TARGET and --config")
    func parse() throws {
        let options = try CommandLineOptions.parse(["sign", "--config", "x.json", "/avatar/a?b=c"])
        #expect(options.action == .sign(target: "/avatar/a?b=c"))
        #expect(options.configPath == "x.json")
        #expect(throws: ConfigurationError.self) { try CommandLineOptions.parse(["sign"]) }
        #expect(throws: ConfigurationError.self) { try CommandLineOptions.parse(["sign", "/a", "/b"]) }
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

    @Test("refuses what cannot be a request target, and signing without a key", arguments: ["avatar/x", "/avatar/a b", "/avatar/\u{7F}", "ftp://x/y"])
    func refuses(target: String) {
        #expect(throws: SignCommand.Problem.self) { try SignCommand.signed(target, keys: ["sign command test key"]).get() }
        #expect(throws: SignCommand.Problem.self) { try SignCommand.signed("/avatar/x", keys: []).get() }
    }
}
