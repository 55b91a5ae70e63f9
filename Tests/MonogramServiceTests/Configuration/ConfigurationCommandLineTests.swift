import MonogramPictures
import MonogramHTTP
import Testing
import MonogramService

@Suite("Command line")
struct ConfigurationCommandLineTests {
    @Test("no arguments serves with the default config path")
    func defaults() throws {
        let options = try CommandLineOptions.parse([])
        #expect(options.action == .serve)
        #expect(options.configPath == "config/monogram.json")
        #expect(!options.configPathIsExplicit)
        #expect(options.overrides.isEmpty)
    }

    @Test("--host, --port and --config, separate or with =", arguments: [
        ["--host", "0.0.0.0", "--port", "0", "--config", "x.json"],
        ["serve", "--host=0.0.0.0", "--port=0", "--config=x.json"],
    ])
    func serveFlags(arguments: [String]) throws {
        let options = try CommandLineOptions.parse(arguments)
        #expect(options.action == .serve)
        #expect(options.configPath == "x.json")
        #expect(options.configPathIsExplicit)
        #expect(options.overrides == [
            ConfigurationOverride(key: "server.host", value: "0.0.0.0", origin: "--host"),
            ConfigurationOverride(key: "server.port", value: "0", origin: "--port"),
        ])
    }

    @Test("help wins wherever it appears", arguments: [
        ["--help"], ["-h"], ["help"], ["--port", "1", "-h"], ["render", "Ann", "--help"], ["healthcheck", "-h"],
        ["--port", "bad", "--help"],
    ])
    func help(arguments: [String]) throws {
        #expect(try CommandLineOptions.parse(arguments).action == .help)
        // Help never reads the configuration, so it works when the configuration is broken.
        let (_, action) = try Configuration.load(arguments: arguments, environment: ["MONOGRAM_BROKEN": "1"])
        #expect(action == .help)
    }

    @Test("the usage text lists flags, commands, the environment scheme and exit codes")
    func usageText() {
        let usage = CommandLineOptions.usage
        for needle in [
            "--host", "--port", "--config", "--help", "healthcheck", "render", "MONOGRAM_SERVER_PORT",
            "MONOGRAM_SECTION_KEY", "comma-separated", "0   clean shutdown", "1   bad configuration", "2   cannot start here",
        ] {
            #expect(usage.contains(needle), "usage lacks \(needle)")
        }
    }

    @Test("healthcheck takes the host and port to probe")
    func healthcheck() throws {
        let (configuration, action) = try Configuration.load(
            arguments: ["healthcheck", "--port", "9999"],
            environment: ["MONOGRAM_SERVER_HOST": "::1"])
        #expect(action == .healthcheck)
        #expect(configuration.server.port == 9999)
        #expect(configuration.server.host == "::1")
    }

    @Test("render parses the name, every query parameter in order, and the output file")
    func render() throws {
        let options = try CommandLineOptions.parse([
            "render", "Ada Lovelace", "--size", "256", "--shape=circle", "--font-size", "0.4", "--bg", "#1A5FB4",
            "-o", "ada.png", "--format", "png",
        ])
        #expect(options.action == .render(
            name: "Ada Lovelace",
            query: [("size", "256"), ("shape", "circle"), ("font-size", "0.4"), ("bg", "#1A5FB4"), ("format", "png")],
            output: "ada.png"))
    }

    @Test("render takes an empty name, or a name after --", arguments: [
        (["render", "", "-o", "p.png"], ""),
        (["render", "-o", "p.png", "--", "-dash"], "-dash"),
    ])
    func renderNames(arguments: [String], name: String) throws {
        #expect(try CommandLineOptions.parse(arguments).action == .render(name: name, query: [], output: "p.png"))
    }

    @Test("every command-line mistake is reported at once", arguments: [
        (["serve", "--verbose", "--port"], ["--verbose: not an option of serve (see --help)", "--port: needs a value"]),
        (["frobnicate"], [#""frobnicate": unknown command (see --help)"#]),
        (["serve", "extra"], [#"serve: unexpected argument "extra""#]),
        (["render"], [#"render: needs a NAME (use "" for the placeholder)"#, "render: needs -o FILE"]),
        (["render", "A", "B", "--sise", "9", "--port", "1", "-o", "a.png"], [
            "--sise: not an option of render (see --help)", "--port: not an option of render (see --help)",
            #"render: unexpected argument "B""#,
        ]),
        (["healthcheck", "--size", "9"], ["--size: not an option of healthcheck (see --help)"]),
    ])
    func mistakes(arguments: [String], expected: [String]) {
        #expect(throws: ConfigurationError(problems: expected)) { try CommandLineOptions.parse(arguments) }
    }

    @Test("a bad flag value is reported under its key, naming the flag")
    func badPortValue() {
        #expect(throws: ConfigurationError(problems: ["server.port: must be an integer from 0 to 65535 (from --port)"])) {
            try Configuration.load(arguments: ["--port", "http"], environment: [:])
        }
    }
}
