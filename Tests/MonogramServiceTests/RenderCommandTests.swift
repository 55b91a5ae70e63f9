import Foundation
import MonogramCore
import MonogramHTTP
@testable import MonogramService
import Testing

/// `monogram render` builds the request the server would parse and writes what it answers.
@Suite("monogram render")
struct RenderCommandTests {
    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.render.masksDir = ServiceTestSupport.packageRoot + "/config/masks"
        return configuration
    }

    static func temporaryPath(_ file: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(file).path
    }

    static func render(_ name: String, _ query: [(String, String)] = [], output: String) -> (status: Int32, bytes: [UInt8]?) {
        let status = RenderCommand.run(name: name, query: query, output: output, configuration: configuration)
        return (status, FileManager.default.contents(atPath: output).map { Array($0) })
    }

    static func looks(like format: OutputFormat, _ bytes: [UInt8]) -> Bool {
        switch format {
        case .png: bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case .svg: String(decoding: bytes.prefix(200), as: UTF8.self).contains("<svg")
        case .json: bytes.first == UInt8(ascii: "{")
        case .webp: bytes.starts(with: Array("RIFF".utf8)) && Array(bytes.dropFirst(8).prefix(4)) == Array("WEBP".utf8)
        case .avif: Array(bytes.dropFirst(4).prefix(8)) == Array("ftypavif".utf8)
        case .jpeg: bytes.starts(with: [0xFF, 0xD8, 0xFF])
        }
    }

    @Test("-o's suffix picks the format", arguments: OutputFormat.allCases)
    func outputSuffix(format: OutputFormat) throws {
        let result = Self.render("Jane Roe", [("size", "32")], output: Self.temporaryPath("jane." + format.rawValue))
        #expect(result.status == 0)
        let bytes = try #require(result.bytes)
        #expect(Self.looks(like: format, bytes), "\(format) written as \(bytes.prefix(12))")
    }

    @Test("-o x.jpg writes a JPEG, as the URL suffix .jpg asks for one")
    func jpgSuffix() throws {
        let result = Self.render("Jane Roe", [("size", "32")], output: Self.temporaryPath("jane.jpg"))
        #expect(result.status == 0)
        #expect(Self.looks(like: .jpeg, try #require(result.bytes)))
    }

    @Test("--format picks the format when -o has no suffix", arguments: OutputFormat.allCases)
    func formatFlag(format: OutputFormat) throws {
        let result = Self.render("Jane Roe", [("size", "32"), ("format", format.rawValue)], output: Self.temporaryPath("jane"))
        #expect(result.status == 0)
        #expect(Self.looks(like: format, try #require(result.bytes)))
    }

    @Test("the name's suffix splits off as in a URL: Jane.json is Jane, as JSON")
    func nameSuffix() throws {
        let result = Self.render("Jane.json", output: Self.temporaryPath("jane"))
        #expect(result.status == 0)
        let json = String(decoding: try #require(result.bytes), as: UTF8.self)
        #expect(json.contains(#""name":"Jane""#))
        #expect(json.contains(#""initials":"J""#))
    }

    @Test("the bytes are the server's answer to the same request", arguments: [
        ("Ada Lovelace", [("size", "64"), ("shape", "circle")], "/avatar/Ada%20Lovelace?size=64&shape=circle", "ada.png"),
        ("Ada+Lovelace&x", [("bg", "#1A5FB4"), ("initials", "AL")], "/avatar/Ada%2BLovelace%26x?bg=%231A5FB4&initials=AL", "ada.png"),
        ("Jane Roe.svg", [("size", "48"), ("background", "000000")], "/avatar/Jane%20Roe.svg?size=48&background=000000", "jane.svg"),
        ("Zoë", [("theme", "dark")], "/avatar/Zo%C3%AB?theme=dark&format=webp", "zoe.webp"),
    ])
    func sameAsServer(name: String, query: [(String, String)], target: String, file: String) throws {
        let result = Self.render(name, query, output: Self.temporaryPath(file))
        #expect(result.status == 0)
        let service = try ServiceTestSupport.makeService()
        let (response, _) = ServiceTestSupport.call(service, ServiceTestSupport.head(target))
        #expect(response.status == .ok)
        #expect(try #require(result.bytes) == response.body)
    }

    @Test("a request the server would refuse exits 2 and writes nothing", arguments: [
        ("Jane", [("picture", "ftp://x")], "jane.png"),
        ("Jane", [("picture", "https://not-allowed.example/a.png")], "jane.png"),
        (String(repeating: "a", count: 257), [], "long.png"),
        ("Jane", [("size", "huge")], "jane.png"),
        ("Jane.png", [], "jane.svg"),
        ("Jane", [("format", "png")], "jane.avif"),
        ("Jane", [("format", "gif")], "jane"),
    ])
    func refused(name: String, query: [(String, String)], file: String) {
        let output = Self.temporaryPath(file)
        let result = Self.render(name, query, output: output)
        #expect(result.status == RenderCommand.refused)
        #expect(result.bytes == nil)
    }

    @Test("a name of 256 bytes is drawn, as the server draws it")
    func longestName() {
        #expect(Self.render(String(repeating: "é", count: 128), output: Self.temporaryPath("e.png")).status == 0)
    }

    @Test("the request spells every byte as the server would decode it")
    func requestSpelling() {
        let request = RenderRequest(name: "Jane Roe+1.png", parameters: [("bg", "#FFF"), ("initials", "J&R")], output: "a/b.c/out")
        #expect(request.segment == "Jane%20Roe%2B1.png")
        #expect(request.query == "bg=%23FFF&initials=J%26R")
        #expect(request.outputFormat == nil)
        let svg = RenderRequest(name: "Jane", parameters: [], output: "out.SVG")
        #expect(svg.outputFormat == .svg)
        #expect(svg.query == "format=svg")
    }

    @Test("every server parameter is a render option, and nothing else is", arguments: AvatarOptions.parameterNames)
    func everyParameter(parameter: String) throws {
        let options = try CommandLineOptions.parse(["render", "Jane", "--" + parameter, "1", "-o", "-"])
        #expect(options.action == .render(name: "Jane", query: [(parameter, "1")], output: "-"))
    }

    @Test("render's option mistakes exit 2, other commands' exit 1", arguments: [
        (["render", "Jane", "--sise", "9", "-o", "a.png"], 2),
        (["render", "Jane", "--port", "9", "-o", "a.png"], 2),
        (["serve", "--sise", "9"], 1),
        (["--verbose"], 1),
    ] as [([String], Int32)])
    func mistakeStatus(arguments: [String], status: Int32) {
        #expect(throws: ConfigurationError.self) { try CommandLineOptions.parse(arguments) }
        #expect(CommandLineOptions.mistakeStatus(arguments: arguments) == status)
    }
}
