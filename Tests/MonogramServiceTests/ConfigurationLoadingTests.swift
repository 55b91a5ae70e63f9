import MonogramPictures
import MonogramHTTP
import Foundation
import Testing
import MonogramCore
@testable import MonogramService

/// The problems of a load that must fail, or [] when it unexpectedly succeeds.
func problems(
    json: String = "{}", environment: [String: String] = [:], overrides: [ConfigurationOverride] = []
) -> [String] {
    do {
        _ = try Configuration.load(json: json, environment: environment, overrides: overrides)
        return []
    } catch {
        return error.problems
    }
}

/// A file in a fresh temporary folder, removed by the caller.
func temporaryFile(_ contents: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-config-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("monogram.json")
    try Data(contents.utf8).write(to: file)
    return file
}

@Suite("Configuration loading")
struct ConfigurationLoadingTests {
    @Test("config/monogram.json lists every key with its default")
    func exampleFileEqualsDefaults() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("config/monogram.json").path
        // Relative paths in a file are relative to its folder: `masks` is config/masks.
        var defaults = Configuration()
        defaults.render.masksDir = root.appendingPathComponent("config/masks").path
        #expect(try Configuration.load(file: path) == defaults)
        // Every key is present, so the file doubles as the reference of what can be set.
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        let sections = try #require(json as? [String: [String: Any]])
        let paths = sections.flatMap { section, keys in keys.keys.map { section + "." + $0 } }
        #expect(Set(paths) == Set(ConfigurationEnvironmentTests.everyKey.map(\.path)))
    }

    @Test("defaults match API §6")
    func defaults() {
        let configuration = Configuration()
        #expect(configuration.server.host == "127.0.0.1")
        #expect(configuration.server.port == 8080)
        #expect(configuration.cache.maxBytes == 67_108_864)
        #expect(configuration.render.defaultFont == "Noto Sans")
        #expect(configuration.render.fonts.contains(configuration.render.defaultFont))
        #expect(configuration.render.palette.isEmpty)
        #expect(configuration.log.format == .text)
        #expect(configuration.pictures.allowedHosts.isEmpty)
    }

    @Test("a flag beats the environment, which beats the file, which beats the default")
    func precedence() throws {
        let file = try temporaryFile(#"{"server": {"host": "10.0.0.1", "port": 1111, "max_connections": 7, "idle_timeout": 3}}"#)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let environment = ["MONOGRAM_SERVER_PORT": "2222", "MONOGRAM_SERVER_MAX_CONNECTIONS": "8", "PATH": "/bin"]
        let (configuration, action) = try Configuration.load(
            arguments: ["--config", file.path, "--port", "3333"], environment: environment)
        #expect(action == .serve)
        #expect(configuration.server.port == 3333)  // flag
        #expect(configuration.server.maxConnections == 8)  // environment
        #expect(configuration.server.host == "10.0.0.1")  // file
        #expect(configuration.server.idleTimeout == .seconds(3))  // file
        #expect(configuration.server.writeTimeout == .seconds(10))  // default
    }

    @Test("a missing default file means defaults; a missing --config file is an error")
    func missingFile() throws {
        let missing = "/nonexistent/monogram.json"
        #expect(try Configuration.load(file: missing, fileIsRequired: false) == Configuration())
        #expect(throws: ConfigurationError(problems: [#"config file "\#(missing)": no such file"#])) {
            try Configuration.load(arguments: ["--config", missing], environment: [:])
        }
    }

    @Test("reports every mistake of a file at once, each under its key path")
    func fiveMistakes() {
        let json = """
            {"server": {"port": 70000, "idle_timeout": 0},
             "cache": {"mx_bytes": 5},
             "render": {"palette": ["#1A5FB4", "#12"]},
             "log": {"format": "xml"}}
            """
        #expect(problems(json: json) == [
            "cache.mx_bytes: unknown key (did you mean cache.max_bytes?)",
            #"log.format: must be "text" or "json""#,
            ##"render.palette[1]: "#12" is not a hex colour (RGB or RRGGBB)"##,
            "server.idle_timeout: must be a number of seconds above 0 and at most 86400",
            "server.port: must be an integer from 0 to 65535",
        ])
    }

    @Test("unknown sections and keys in the file are errors", arguments: [
        (#"{"sever": {}}"#, "sever: unknown section (did you mean server?)"),
        (#"{"server": {"prot": 1}}"#, "server.prot: unknown key (did you mean server.port?)"),
        (#"{"server": {"colour": "red"}}"#, "server.colour: unknown key"),
        (#"{"server": 5}"#, "server: must be an object"),
        ("[1, 2]", "configuration JSON: must be a JSON object with one object per section"),
    ])
    func unknownInFile(json: String, problem: String) {
        #expect(problems(json: json) == [problem])
    }

    @Test("a file that is not JSON is reported with its line and where", arguments: [
        (#"{"server": "#, "configuration JSON: line 1: the text ends where a value of server should be"),
        ("{\n\"server\": {\"port\": 08}}", "configuration JSON: line 2: expected ',' or '}' after server.port"),
        (#"{"server": {"host": "a"#, "configuration JSON: line 1: a string of server.host is never closed"),
        (#"{"server": {} } x"#, "configuration JSON: line 1: unexpected text after the JSON value"),
        (#"{"render": {"fonts": ["a" "b"]}}"#, "configuration JSON: line 1: expected ',' or ']' after render.fonts[0]"),
        ("{\"server\": {\"host\": \"a\u{01}\"}}", "configuration JSON: line 1: a control character inside a string of server.host (write it as \\u00XX)"),
    ])
    func invalidJSON(json: String, problem: String) {
        #expect(problems(json: json) == [problem])
    }

    @Test("strict JSON: a trailing comma or a repeated key is an error naming the key", arguments: [
        ("{\n  \"server\": {\n    \"port\": 8080,\n  }\n}", "configuration JSON: line 4: trailing comma after server.port (JSON allows none)"),
        (#"{"server": {"port": 1}, }"#, "configuration JSON: line 1: trailing comma after server (JSON allows none)"),
        (#"{"render": {"fonts": ["Noto Sans",]}}"#, "configuration JSON: line 1: trailing comma after render.fonts[0] (JSON allows none)"),
        (#"{"server": {"port": 1, "port": 2}}"#, "configuration JSON: line 1: duplicate key server.port (each key may appear once)"),
        (#"{"server": {"port": 1, "p\u006frt": 2}}"#, "configuration JSON: line 1: duplicate key server.port (each key may appear once)"),
        (#"{"server": {}, "server": {"port": 2}}"#, "configuration JSON: line 1: duplicate key server (each key may appear once)"),
    ])
    func strictJSON(json: String, problem: String) {
        #expect(problems(json: json) == [problem])
    }

    @Test("strict JSON still takes every valid form: escapes, a byte order mark, nesting, numbers")
    func validJSONForms() throws {
        let json = "\u{FEFF}{ \"server\" : {\"host\": \"127.0.0.1\", \"port\": 8.08e3, \"shutdown_grace\": 0.5},\r\n\"http\": {\"cors_origin\": \"\\u002A\"}, \"render\": {\"fonts\": [\"Noto Sans\"], \"default_font\": \"Noto Sans\"}}"
        let configuration = try Configuration.load(json: json)
        #expect(configuration.server.port == 8080 && configuration.http.corsOrigin == "*" && configuration.render.fonts == ["Noto Sans"])
        #expect(StrictJSON.problem(in: Array(#"[{"a": [[], {}, -0, 1.5E-3, true, false, null, "\ud83d\ude00"]}]"#.utf8)) == nil)
        #expect(StrictJSON.problem(in: Array(String(repeating: "[", count: 40).utf8))?.contains("nested deeper") == true)
    }

    @Test("relative paths in the file are relative to its folder; from the environment, to the working directory")
    func relativePaths() throws {
        let file = try temporaryFile(#"{"render": {"masks_dir": "my masks"}, "gravatar": {"directory": "../people.csv"}}"#)
        let folder = file.deletingLastPathComponent().path
        let configuration = try Configuration.load(file: file.path)
        #expect(configuration.render.masksDir == folder + "/my masks")
        #expect(configuration.gravatar.directory == folder + "/../people.csv")
        let absolute = try Configuration.load(file: try temporaryFile(#"{"render": {"masks_dir": "/srv/masks"}}"#).path)
        #expect(absolute.render.masksDir == "/srv/masks" && absolute.gravatar.directory == "")
        let fromEnvironment = try Configuration.load(file: file.path, environment: ["MONOGRAM_RENDER_MASKS_DIR": "masks"])
        #expect(fromEnvironment.render.masksDir == "masks")
    }

    @Test("JSON types are checked: no numbers for booleans, strings for numbers or lists", arguments: [
        (#"{"server": {"port": "8080"}}"#, "server.port: must be an integer from 0 to 65535"),
        (#"{"server": {"port": 8080.5}}"#, "server.port: must be an integer from 0 to 65535"),
        (#"{"server": {"port": true}}"#, "server.port: must be an integer from 0 to 65535"),
        (#"{"server": {"port": null}}"#, "server.port: must be an integer from 0 to 65535"),
        (#"{"log": {"access": 1}}"#, "log.access: must be true or false"),
        (#"{"log": {"access": "true"}}"#, "log.access: must be true or false"),
        (#"{"server": {"host": 127}}"#, "server.host: must be a string"),
        (#"{"render": {"fonts": "DejaVu Sans"}}"#, "render.fonts: must be a list of strings"),
        (#"{"render": {"fonts": ["DejaVu Sans", 3]}}"#, "render.fonts[1]: must be a string"),
        (#"{"render": {"timeout": "2"}}"#, "render.timeout: must be a number of seconds above 0 and at most 86400"),
    ])
    func typeErrors(json: String, problem: String) {
        #expect(problems(json: json) == [problem])
    }

    @Test("an integral JSON float is an integer; a fractional timeout is fine")
    func numberForms() throws {
        let configuration = try Configuration.load(json: #"{"server": {"port": 8081.0, "idle_timeout": 0.25}}"#)
        #expect(configuration.server.port == 8081)
        #expect(configuration.server.idleTimeout == .milliseconds(250))
    }

    @Test("rules between keys are checked after every source")
    func crossKeyRules() {
        #expect(problems(json: #"{"render": {"default_font": "Comic Sans"}}"#) == [
            #"render.default_font: "Comic Sans" is not in render.fonts"#
        ])
        #expect(problems(environment: ["MONOGRAM_PICTURES_CONNECT_TIMEOUT": "9"]) == [
            "pictures.connect_timeout: must not exceed pictures.total_timeout"
        ])
        #expect(problems(json: #"{"server": {"port": 9000}, "metrics": {"port": 9000}}"#).count == 1)
    }
}
