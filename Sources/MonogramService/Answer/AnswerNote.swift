import MonogramHTTP

/// What the access log's last field says about how an answer was made.
enum AnswerNote: String, Sendable {
    /// Not a cacheable answer (health, errors before the pipeline, the playground).
    case none = ""
    /// Answered from the cache.
    case hit
    /// Produced for this request (or for one in flight it joined).
    case miss
    /// Refused by admission (API §8: a 403 signature or a 429 render budget).
    case refused
}

extension HTTPHandlerResult {
    /// The HTTP layer carries the note as text for the access log; the service only ever
    /// hands it one of these.
    static func respond(_ response: HTTPResponse, _ note: AnswerNote) -> HTTPHandlerResult {
        .respond(response, note: note.rawValue)
    }
}

extension HTTPResponder {
    func respond(_ response: HTTPResponse, _ note: AnswerNote) {
        respond(response, note: note.rawValue)
    }
}
