/// What the command line asks the executable to do; the configuration is loaded for every action
/// except `help`.
public enum CommandLineAction: Sendable, Equatable {
    /// Run the HTTP service until SIGTERM or SIGINT (`monogram` or `monogram serve`).
    case serve
    /// Print `CommandLineOptions.usage` and exit 0 (`--help`, `-h` or `monogram help`).
    case help
    /// Print the release and the linked C libraries' versions and exit 0 (`--version`).
    case version
    /// `GET /healthz` on the configured host and port; exit 0 on `200`, else 1 (Docker `HEALTHCHECK`).
    /// A wildcard `server.host` (`0.0.0.0`, `::`) is not an address to connect to: use loopback.
    case healthcheck
    /// Draw one avatar into `output`, as `GET /avatar/{name}?{query}` would.
    /// `query` holds the §1 parameters in the order given, e.g. `[("size", "64")]`.
    case render(name: String, query: [(String, String)], output: String)
    /// Print `target` (a request target or an absolute URL) signed with the first of
    /// `security.signing_keys` (API §8); for `/purge`, with the digest of `body` (API §9); with
    /// `expires`, carrying `exp=` that much after now (§11).
    case sign(target: String, body: String? = nil, expires: ExpiryDuration? = nil)
    /// Print the cache tag (API §9) of a colour key: `p-` and 16 hex digits.
    case tag(key: String)

    public static func == (lhs: CommandLineAction, rhs: CommandLineAction) -> Bool {
        switch (lhs, rhs) {
        case (.serve, .serve), (.help, .help), (.version, .version), (.healthcheck, .healthcheck):
            return true
        case let (.sign(target1, body1, expires1), .sign(target2, body2, expires2)):
            return target1 == target2 && body1 == body2 && expires1 == expires2
        case let (.tag(key1), .tag(key2)):
            return key1 == key2
        case let (.render(name1, query1, output1), .render(name2, query2, output2)):
            return name1 == name2 && output1 == output2
                && query1.elementsEqual(query2) { $0.0 == $1.0 && $0.1 == $1.1 }
        default:
            return false
        }
    }
}
