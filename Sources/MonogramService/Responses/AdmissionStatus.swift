import MonogramHTTP

/// The statuses of API §8's two refusals.
enum AdmissionStatus {
    /// `403 Forbidden`: a missing, malformed or wrong URL signature.
    static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
    /// `429 Too Many Requests` (RFC 6585 §4): over the client's render budget.
    static let tooManyRequests = HTTPStatus.tooManyRequests
}
