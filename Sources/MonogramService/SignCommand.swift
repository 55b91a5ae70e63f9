import Glibc

/// `monogram sign [--config FILE] TARGET`: prints TARGET signed with the first of
/// `security.signing_keys`, as a server with `security.require_signature` verifies it.
///
/// TARGET is what the server will see on its request line (`/avatar/Jane%20Doe?size=64`),
/// or a full `http(s)` URL, whose path and query are signed (a client, CDN or proxy sends the
/// origin form) and which is printed whole.
public enum SignCommand {
    public static func run(target: String, configuration: Configuration) -> Int32 {
        switch signed(target, keys: configuration.security.signingKeys) {
        case .success(let line):
            Logger.write(line, to: STDOUT_FILENO)
            return 0
        case .failure(let problem):
            Logger(format: configuration.log.format).error("sign: \(problem)")
            return 1
        }
    }

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The signed form of `target`, or why it cannot be signed.
    public static func signed(_ target: String, keys: [String]) -> Result<String, Problem> {
        guard !keys.isEmpty else { return .failure(Problem(description: "no signing key: set security.signing_keys")) }
        let (prefix, origin) = split(target)
        guard origin.hasPrefix("/") else {
            return .failure(Problem(description: "TARGET must start with / (a path) or be an http(s) URL"))
        }
        guard origin.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
            return .failure(Problem(description: "TARGET must not contain spaces or control characters (percent-encode them)"))
        }
        do throws(URLSigner.SigningError) {
            return .success(prefix + (try URLSigner(keys: keys).sign(String(origin))))
        } catch {
            return .failure(Problem(description: error.description))
        }
    }

    /// `https://host/avatar/x?y` → (`https://host`, `/avatar/x?y`); a path is its own origin form.
    static func split(_ target: String) -> (prefix: String, origin: Substring) {
        let whole = Substring(target)
        for scheme in ["http://", "https://"] where whole.lowercased().hasPrefix(scheme) {
            let authority = whole.dropFirst(scheme.count).prefix(while: { $0 != "/" && $0 != "?" })
            let rest = whole[authority.endIndex...]
            return (String(whole[..<authority.endIndex]), rest.isEmpty ? "/" : rest)
        }
        return ("", whole)
    }
}
