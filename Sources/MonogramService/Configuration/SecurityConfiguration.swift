/// `security`: signed URLs (API §8).
public struct SecurityConfiguration: Sendable, Hashable {
    /// `security.signing_keys`: HMAC keys (UTF-8 strings); any of them verifies a signature, the
    /// first signs (`monogram sign`). Default none.
    public var signingKeys: [String] = []
    /// `security.require_signature`: `/avatar` and `/group` answer 403 without a valid `sig`.
    /// Needs at least one key. Default false.
    public var requireSignature = false

    public init() {}
}
