import MonogramHTTP

/// What the access log's last field says about how an answer was made. Crosses the HTTP layer
/// as an opaque `HTTPAccessNote` (this raw code), so the server knows nothing of caching and
/// the hit path allocates nothing for it.
enum AnswerNote: UInt8, Sendable {
    /// Not a cacheable answer (health, errors before the pipeline, the playground), and every
    /// answer the HTTP layer makes itself (its note is `HTTPAccessNote.none`, code 0).
    case none = 0
    /// Answered from the cache.
    case hit
    /// Produced for this request (or for one in flight it joined).
    case miss
    /// Refused by admission (API §8: a 403 signature or a 429 render budget).
    case refused

    /// The note as the HTTP layer carries it.
    var accessNote: HTTPAccessNote { HTTPAccessNote(rawValue: rawValue) }

    /// The note a record carries; a code this service never hands out reads as `none`.
    init(_ note: HTTPAccessNote) {
        self = AnswerNote(rawValue: note.rawValue) ?? .none
    }

    /// The log field: `-` in text lines, `""` in JSON for `none`.
    var text: String {
        switch self {
        case .none: ""
        case .hit: "hit"
        case .miss: "miss"
        case .refused: "refused"
        }
    }
}

extension HTTPHandlerResult {
    static func respond(_ response: HTTPResponse, _ note: AnswerNote) -> HTTPHandlerResult {
        .respond(response, note: note.accessNote)
    }
}

extension HTTPResponder {
    func respond(_ response: HTTPResponse, _ note: AnswerNote) {
        respond(response, note: note.accessNote)
    }
}
