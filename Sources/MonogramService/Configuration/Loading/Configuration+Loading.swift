import Foundation

extension Configuration {
    /// Parses the command line and, unless it asks for help, loads the configuration it names:
    /// defaults, then the JSON file, then `MONOGRAM_*` variables, then `--host`/`--port`.
    ///
    /// - Parameters:
    ///   - arguments: the arguments after the program name (`CommandLine.arguments.dropFirst()`).
    ///   - environment: the process environment (`ProcessInfo.processInfo.environment`); passed
    ///     in so that tests never need `setenv`.
    /// - Throws: every problem in the arguments, the file and the environment at once
    ///   (the executable prints them and exits 1).
    public static func load(
        arguments: [String], environment: [String: String]
    ) throws(ConfigurationError) -> (Configuration, CommandLineAction) {
        try load(options: CommandLineOptions.parse(arguments), environment: environment)
    }

    /// Like `load(arguments:environment:)` with the command line already parsed (the executable
    /// parses first: a mistake in `render`'s arguments exits with its own status).
    public static func load(
        options: CommandLineOptions, environment: [String: String]
    ) throws(ConfigurationError) -> (Configuration, CommandLineAction) {
        // Help must work even when the configuration is broken: that is when it is needed.
        if options.action == .help || options.action == .version { return (Configuration(), options.action) }
        let configuration = try load(
            file: options.configPath, fileIsRequired: options.configPathIsExplicit,
            environment: environment, overrides: options.overrides)
        return (configuration, options.action)
    }

    /// Loads defaults, then the JSON file at `file` (if any), then `environment`, then `overrides`.
    ///
    /// - Parameter fileIsRequired: false lets a missing `file` mean "defaults", as for the
    ///   default path `config/monogram.json`; an unreadable or invalid file is always a problem.
    public static func load(
        file: String?, fileIsRequired: Bool = true,
        environment: [String: String] = [:], overrides: [ConfigurationOverride] = []
    ) throws(ConfigurationError) -> Configuration {
        var loader = ConfigurationLoader()
        if let file { loader.applyFile(at: file, required: fileIsRequired) }
        loader.applyEnvironment(environment)
        loader.applyOverrides(overrides)
        return try loader.finish()
    }

    /// Like `load(file:…)` with the file's text given directly (for tests and embedders).
    public static func load(
        json: String, environment: [String: String] = [:], overrides: [ConfigurationOverride] = []
    ) throws(ConfigurationError) -> Configuration {
        var loader = ConfigurationLoader()
        loader.applyJSON(Data(json.utf8), source: "configuration JSON")
        loader.applyEnvironment(environment)
        loader.applyOverrides(overrides)
        return try loader.finish()
    }
}
