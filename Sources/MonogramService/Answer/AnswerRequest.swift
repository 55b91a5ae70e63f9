import MonogramHTTP

/// What the pipeline needs of one request: where to answer, what it may revalidate, who asks,
/// and when it arrived (every deadline counts from then).
struct AnswerRequest: Sendable {
    /// The raw request target, remembered as an alias of the answer's key.
    let target: String
    let ifNoneMatch: [Substring]
    /// The TCP peer (a budget may resolve the forwarded client from `head`).
    let peer: String
    let head: HTTPRequestHead
    let arrival: ContinuousClock.Instant
    let responder: HTTPResponder
    /// What this request changes in the answer it gets (API §11).
    var amendment = AnswerAmendment()
    /// `If-Modified-Since` in Unix seconds, when given and a date (RFC 9110 §13.1.3).
    var ifModifiedSince: Int? = nil
}
