import MonogramCore

/// The command line, parsed: which action, which configuration file, and which keys the flags
/// override. `Configuration.load(arguments:environment:)` combines this with the file and
/// environment; the pieces are public for callers that need them apart.
public struct CommandLineOptions: Sendable, Equatable {
    /// Used when `--config` is not given; if it does not exist the defaults apply.
    public static let defaultConfigPath = "config/monogram.json"

    public var action: CommandLineAction = .serve
    public var configPath: String = CommandLineOptions.defaultConfigPath
    /// True when `--config` named the file, which then has to exist.
    public var configPathIsExplicit = false
    /// `--host` and `--port`, as overrides of `server.host` and `server.port`.
    public var overrides: [ConfigurationOverride] = []

    public init() {}

    /// The query parameters of API §1 that `render` accepts as `--name value`: the server's
    /// own list, so a misspelt flag is an error instead of a parameter the options parser
    /// silently ignores.
    static let renderParameters = Set(AvatarOptions.parameterNames)

    /// Parses the arguments after the program name:
    /// `[serve|healthcheck|render NAME|help] [--option value | --option=value]… [-- NAME]`.
    ///
    /// - Throws: every unknown command, unknown option, missing value and stray argument at once.
    public static func parse(_ arguments: [String]) throws(ConfigurationError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var tokens = arguments[...]
        let command = Self.command(in: arguments)
        if let first = tokens.first, !first.hasPrefix("-") { tokens = tokens.dropFirst() }
        switch command {
        case "serve", "healthcheck", "render", "sign", "tag": break
        case "help": return CommandLineOptions(action: .help)
        default: throw ConfigurationError(problems: [#""\#(command)": unknown command (see --help)"#])
        }

        var problems: [String] = []
        var positionals: [String] = []
        var query: [(String, String)] = []
        var output: String?
        var expires: ExpiryDuration?
        var onlyPositionals = false
        while let token = tokens.popFirst() {
            if onlyPositionals || !token.hasPrefix("-") || token == "-" {
                positionals.append(token)
                continue
            }
            if token == "--" {
                onlyPositionals = true
                continue
            }
            if token == "--help" || token == "-h" { return CommandLineOptions(action: .help) }
            if token == "--version" { return CommandLineOptions(action: .version) }

            var name = token == "-o" ? "--output" : token
            var value: String?
            if let equals = token.firstIndex(of: "="), token.hasPrefix("--") {
                name = String(token[..<equals])
                value = String(token[token.index(after: equals)...])
            }
            let parameter = String(name.dropFirst(2))
            let accepted = switch (command, name) {
            case (_, "--config"), ("render", "--output"): true
            case ("render", _): name.hasPrefix("--") && renderParameters.contains(parameter)
            case ("sign", "--expires"): true
            case ("sign", _), ("tag", _): false
            case (_, "--host"), (_, "--port"): true
            default: false
            }
            // Every option takes a value, so an unknown one most likely has one too: skip it
            // rather than report it again as a stray argument.
            if value == nil, let next = tokens.first, !next.hasPrefix("--") {
                value = next
                tokens = tokens.dropFirst()
            }
            guard accepted else {
                problems.append("\(name): not an option of \(command) (see --help)")
                continue
            }
            guard let value else {
                problems.append("\(name): needs a value")
                continue
            }
            switch name {
            case "--config":
                options.configPath = value
                options.configPathIsExplicit = true
            case "--host": options.overrides.append(ConfigurationOverride(key: "server.host", value: value, origin: name))
            case "--port": options.overrides.append(ConfigurationOverride(key: "server.port", value: value, origin: name))
            case "--output": output = value
            case "--expires":
                expires = ExpiryDuration(value)
                if expires == nil { problems.append("--expires: a duration such as 90s, 30m, 1h or 7d (at most 100 years), not \"\(value)\"") }
            default: query.append((parameter, value))
            }
        }

        switch command {
        case "render":
            if positionals.isEmpty { problems.append(#"render: needs a NAME (use "" for the placeholder)"#) }
            problems += positionals.dropFirst().map { #"render: unexpected argument "\#($0)""# }
            if output == nil { problems.append("render: needs -o FILE") }
            options.action = .render(name: positionals.first ?? "", query: query, output: output ?? "")
        case "sign":
            if positionals.isEmpty { problems.append("sign: needs a TARGET such as /avatar/Jane%20Doe?size=64") }
            // A second argument is the body of a purge, which its signature covers.
            problems += positionals.dropFirst(2).map { #"sign: unexpected argument "\#($0)""# }
            options.action = .sign(target: positionals.first ?? "", body: positionals.dropFirst().first, expires: expires)
        case "tag":
            if positionals.isEmpty { problems.append(#"tag: needs a KEY such as "Jane Roe" (a name or an id)"#) }
            problems += positionals.dropFirst().map { #"tag: unexpected argument "\#($0)""# }
            options.action = .tag(key: positionals.first ?? "")
        default:
            problems += positionals.map { #"\#(command): unexpected argument "\#($0)""# }
            options.action = command == "healthcheck" ? .healthcheck : .serve
        }
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        return options
    }

    /// The command `arguments` name (their first word unless it is an option), `serve` by default.
    public static func command(in arguments: [String]) -> String {
        guard let first = arguments.first, !first.hasPrefix("-") else { return "serve" }
        return first
    }

    /// The exit status for mistakes in `arguments`: `RenderCommand.refused` (2) for `render`,
    /// whose options are a request's parameters, else 1 (bad configuration or arguments).
    public static func mistakeStatus(arguments: [String]) -> Int32 {
        command(in: arguments) == "render" ? RenderCommand.refused : 1
    }

    private init(action: CommandLineAction) {
        self.action = action
    }
}
