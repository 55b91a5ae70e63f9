import MonogramCrypto

/// A signed `POST /purge` covers its body too (API §9): the signed target carries
/// `body=` + the unpadded base64url of the body's SHA-256, and the server checks it against
/// the body it received. Without it a signed purge URL, once seen (a log, a proxy), could be
/// replayed with any tags, `monogram` (every answer) included.
enum PurgeSignature {
    /// The query parameter that names the body.
    static let parameter = "body"

    /// Why a signed purge was refused; `reason` is the 403's one line.
    enum Refusal: Error, Sendable, Equatable {
        case missing
        case mismatch

        var reason: String {
            switch self {
            case .missing: "a signed purge must carry body= (the SHA-256 of its body): sign it with monogram sign /purge BODY"
            case .mismatch: "body= does not match this request's body: sign the body you send (monogram sign /purge BODY)"
            }
        }
    }

    /// `body`'s digest as the target spells it: 43 characters of unpadded base64url.
    static func digest(_ body: some Collection<UInt8>) -> String {
        // SHA-256 fails only if libcrypto cannot allocate; then nothing matches.
        (try? Digest.sha256(body)).map(Base64URL.encode) ?? "-"
    }

    /// `target` with `body=<digest>` appended, ready to be signed.
    static func target(_ target: String, body: some Collection<UInt8>) -> String {
        let separator = target.utf8.contains(UInt8(ascii: "?")) ? "&" : "?"
        return target + separator + parameter + "=" + digest(body)
    }

    /// Checks the `body=` of `signed` (the target up to its signature) against `body`.
    static func check(signed: Substring, body: some Collection<UInt8>) -> Refusal? {
        guard let question = signed.firstIndex(of: "?") else { return .missing }
        let named = signed[signed.index(after: question)...].split(separator: "&").filter { $0.hasPrefix(parameter + "=") }
        // Exactly one: with two, two readers of the target could disagree on which counts.
        guard named.count == 1, let given = named.first?.dropFirst(parameter.count + 1) else { return .missing }
        return Digest.equalInConstantTime(Array(given.utf8), Array(digest(body).utf8)) ? nil : .mismatch
    }
}

/// Why a `POST /purge` may not purge (403).
enum PurgeRefusal: Error, Sendable, Equatable {
    /// Neither a valid signature nor an address in `cache.purge_from`.
    case unauthorised
    /// A valid signature, but not of this body.
    case body(PurgeSignature.Refusal)

    var reason: String {
        switch self {
        case .unauthorised: "purge needs a signed target (/purge?body=…&sig=…) or an address in cache.purge_from"
        case .body(let refusal): refusal.reason
        }
    }
}
