/// Every problem found in the flags, the configuration file and the environment, reported
/// together so one restart can fix them all. The process exits with status 1.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line per problem, each starting with the key path or flag at fault, e.g.
    /// `server.port: must be an integer from 0 to 65535 (from MONOGRAM_SERVER_PORT)`.
    public var problems: [String]

    public init(problems: [String]) {
        self.problems = problems
    }

    /// `invalid configuration:` followed by one indented line per problem.
    public var description: String {
        (["invalid configuration:"] + problems.map { "  " + $0 }).joined(separator: "\n")
    }
}

/// A value that replaces one configuration key, given as text like an environment variable.
public struct ConfigurationOverride: Sendable, Hashable {
    /// The key path, `section.key` (`server.port`).
    public var key: String
    /// The value as text; lists are comma-separated.
    public var value: String
    /// Where it came from, named in problems (`--port`).
    public var origin: String

    public init(key: String, value: String, origin: String) {
        self.key = key
        self.value = value
        self.origin = origin
    }
}
