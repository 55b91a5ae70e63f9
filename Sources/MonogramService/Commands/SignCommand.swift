import Glibc
import MonogramCrypto

/// `monogram sign [--config FILE] [--expires DURATION] TARGET [BODY]`: prints TARGET signed with
/// the first of `security.signing_keys`, as a server with `security.require_signature` verifies
/// it. A `/purge` target takes the BODY it will be sent with: `body=` + its digest is added
/// before signing, so the signature cannot be replayed with other tags (API §9). With
/// `--expires`, `exp=` (now + DURATION, Unix seconds) is added before `sig` (API §11).
///
/// TARGET is the path and query (`/avatar/Jane Doe?size=64` or already encoded,
/// `/avatar/Jane%20Doe?size=64`), or a full `http(s)` URL, whose path and query are signed (a
/// client, CDN or proxy sends the origin form) and which is printed whole, encoded as a
/// browser would send it.
public enum SignCommand {
    /// `now`: Unix seconds, read once by the caller (the executable's root).
    public static func run(target: String, body: String? = nil, expires: ExpiryDuration? = nil, now: Int = 0, configuration: Configuration) -> Int32 {
        switch signed(target, body: body, keys: configuration.security.signingKeys, expiresAt: expires.map { now + $0.seconds }) {
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
    ///
    /// The signature covers the target's bytes exactly as the server receives them, so what
    /// is signed is what a browser sends for the printed URL: characters a browser would
    /// percent-encode itself (spaces, non-ASCII, `"<>` and friends) are encoded first, and a
    /// fragment is refused (a browser never sends it, and a `sig` inside it would be lost).
    /// `expiresAt`: Unix seconds, appended as `exp=` (the last parameter before `sig`).
    public static func signed(_ target: String, body: String? = nil, keys: [String], expiresAt: Int? = nil) -> Result<String, Problem> {
        guard !keys.isEmpty else { return .failure(Problem(description: "no signing key: set security.signing_keys")) }
        guard !target.contains("#") else {
            return .failure(Problem(description: "TARGET must not have a fragment (#…): browsers never send it; write a # that belongs to a value as %23"))
        }
        let (prefix, origin) = split(target)
        guard origin.hasPrefix("/") else {
            return .failure(Problem(description: "TARGET must start with / (a path) or be an http(s) URL"))
        }
        guard origin.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }) else {
            return .failure(Problem(description: "TARGET must not contain control characters (browsers drop or change them)"))
        }
        var form = browserForm(origin)
        let isPurge = form.prefix { $0 != "?" } == "/purge"
        switch (isPurge, body) {
        case (true, nil):
            return .failure(Problem(description: "/purge needs the BODY it will send, which the signature covers: monogram sign /purge 'tags=p-…'"))
        case (true, let body?):
            form = PurgeSignature.target(form, body: Array(body.utf8))
        case (false, nil):
            break
        case (false, .some):
            return .failure(Problem(description: "only /purge takes a BODY"))
        }
        if let expiresAt {
            guard case .success(nil) = SignedExpiry.parse(Substring(form).drop { $0 != "?" }.dropFirst()) else {
                return .failure(Problem(description: "TARGET already has exp=: give --expires or exp=, not both"))
            }
            form += (form.contains("?") ? "&" : "?") + "exp=\(expiresAt)"
        }
        do throws(URLSigner.SigningError) {
            return .success(prefix + (try URLSigner(keys: keys).sign(form)))
        } catch {
            return .failure(Problem(description: error.description))
        }
    }

    /// `origin` as a browser sends it: in the path, space `"` `<` `>` `` ` `` `{` `}` `^` `|`
    /// `\` and every non-ASCII byte percent-encoded (a superset of the WHATWG path set, since
    /// browsers differ on `^` and turn a raw `\` into `/`: an encoded byte is sent as it is by
    /// all of them); in the query, space `"` `<` `>` `'` and non-ASCII. `%` is kept, so an
    /// already encoded target is unchanged.
    static func browserForm(_ origin: Substring) -> String {
        var out: [UInt8] = []
        var inQuery = false
        for byte in origin.utf8 {
            if byte == UInt8(ascii: "?") { inQuery = true }
            let encode = byte >= 0x80 || (inQuery ? Array(" \"<>'".utf8) : Array(" \"<>`{}^|\\".utf8)).contains(byte)
            if encode {
                let digits = Array("0123456789ABCDEF".utf8)
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
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
