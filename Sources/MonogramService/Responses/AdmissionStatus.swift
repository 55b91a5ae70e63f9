import MonogramHTTP

/// The statuses of API §8's two refusals (kept here rather than in MonogramHTTP, which sends
/// neither on its own).
enum AdmissionStatus {
    /// `403 Forbidden`: a missing, malformed or wrong URL signature.
    static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
    /// `429 Too Many Requests` (RFC 6585 §4): over the client's render budget.
    static let tooManyRequests = HTTPStatus(code: 429, reason: "Too Many Requests")
}
