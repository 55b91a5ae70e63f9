/// How the body after a head is delimited (RFC 9112 §6.3).
enum BodyFraming: Sendable, Hashable {
    case none
    case length(Int)
    case chunked
}

extension HTTPRequestHead {
    /// Builds the head from a complete message head (`message` starts at the request line) and
    /// decides its body framing, applying the checks that need the whole header section.
    static func parse(
        _ message: UnsafeBufferPointer<UInt8>, requestLine: RequestLine, fields: [FieldRange],
        isASCII: Bool, limits: HTTPParserLimits
    ) throws(HTTPParserError) -> (HTTPRequestHead, BodyFraming) {
        let version = requestLine.version
        var hosts = 0
        var connection = ConnectionOptions()
        var contentLength = ContentLength()
        var codings = TransferCodings()
        for field in fields {
            // The four names have distinct lengths, so most fields cost one comparison.
            switch field.name.count {
            case 4 where message.equalsIgnoringCase(field.name, "host"):
                hosts += 1
                guard field.value.allSatisfy({ message[$0].isHostChar }) else {
                    throw .badRequest("invalid Host header")
                }
            case 10 where message.equalsIgnoringCase(field.name, "connection"):
                connection.add(message, field.value)
            case 14 where message.equalsIgnoringCase(field.name, "content-length"):
                try contentLength.add(message, field.value)
            case 17 where message.equalsIgnoringCase(field.name, "transfer-encoding"):
                codings.add(message, field.value)
            default:
                break
            }
        }
        // RFC 9112 §3.2: a 400 for an HTTP/1.1 request without Host, or any with several.
        if hosts == 0, version == .http1_1 { throw .badRequest("missing Host header") }
        if hosts > 1 { throw .badRequest("more than one Host header") }
        let framing = try framing(
            version: version, contentLength: contentLength.value, codings: codings, limits: limits)

        let method = HTTPMethod(UnsafeBufferPointer(rebasing: message[requestLine.method]))
        let target: String
        let raw: String
        if isASCII {
            target = String(decoding: message[requestLine.target], as: UTF8.self)
            raw = String(decoding: message, as: UTF8.self)
        } else {
            guard let validTarget = String(validating: message[requestLine.target], as: UTF8.self) else {
                throw .badRequest("request-target is not valid UTF-8")
            }
            target = validTarget
            // obs-text in a value is opaque (RFC 9110 §5.5); when it is not UTF-8, `?` stands
            // in for each such byte so the field offsets stay right.
            raw = String(validating: message, as: UTF8.self)
                ?? String(decoding: message.lazy.map { $0 < 0x80 ? $0 : ASCII.question }, as: UTF8.self)
        }
        let head = HTTPRequestHead(
            method: method, target: target, version: version,
            keepAlive: connection.isPersistent(for: version), raw: raw, fields: fields)
        return (head, framing)
    }

    /// RFC 9112 §6.3 and §6.1, refusing every ambiguity a front proxy might read differently.
    private static func framing(
        version: HTTPVersion, contentLength: Int?, codings: TransferCodings, limits: HTTPParserLimits
    ) throws(HTTPParserError) -> BodyFraming {
        if codings.isPresent {
            // §6.3 rule 3: both present is a smuggling attempt; we answer and close.
            if contentLength != nil { throw .badRequest("both Content-Length and Transfer-Encoding") }
            // §6.1: Transfer-Encoding in an HTTP/1.0 request means the framing is faulty.
            if version == .http1_0 { throw .badRequest("Transfer-Encoding in an HTTP/1.0 request") }
            // §6.1: a transfer-coding we do not understand is a 501 (identity was removed too).
            if codings.hasUnknown {
                throw HTTPParserError(status: .notImplemented, reason: "only the chunked transfer-coding is supported")
            }
            if codings.chunkedCount == 0 { throw .badRequest("empty Transfer-Encoding") }
            // §7: chunked must not be applied more than once.
            if codings.chunkedCount > 1 { throw .badRequest("chunked applied more than once") }
            return .chunked
        }
        guard let contentLength, contentLength > 0 else { return .none }
        // Refused from the header alone, before reading any of the body.
        if contentLength > limits.maxBodyBytes { throw .bodyTooLarge(limits) }
        return .length(contentLength)
    }
}

/// The `Connection` options that decide persistence (RFC 9112 §9.3), gathered over all fields.
struct ConnectionOptions: Sendable {
    var close = false
    var keepAlive = false

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) {
        bytes.forEachListElement(value) { element in
            if bytes.equalsIgnoringCase(element, "close") { close = true }
            if bytes.equalsIgnoringCase(element, "keep-alive") { keepAlive = true }
        }
    }

    /// `close` always wins; otherwise 1.1 persists by default and 1.0 only on `keep-alive`.
    func isPersistent(for version: HTTPVersion) -> Bool {
        if close { return false }
        return version == .http1_0 ? keepAlive : true
    }
}

/// `Content-Length = 1*DIGIT` (RFC 9110 §8.6). Repeats, as fields or as a list, are accepted
/// only when all are the same number (§8.6 allows that); differing ones are a 400 (RFC 9112
/// §6.3 rule 5). Signs, spaces inside and empty elements are invalid.
struct ContentLength: Sendable {
    private(set) var value: Int?

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(HTTPParserError) {
        try bytes.forEachListElement(range) { (element) throws(HTTPParserError) in
            guard !element.isEmpty else { throw .badRequest("invalid Content-Length") }
            var number = 0
            for index in element {
                let byte = bytes[index]
                guard (0x30...0x39).contains(byte) else { throw .badRequest("invalid Content-Length") }
                // Saturates: any number past Int.max / 10 is far over every body limit (413).
                number = number > (Int.max - 9) / 10 ? Int.max : number * 10 + Int(byte - 0x30)
            }
            if let value, value != number { throw .badRequest("differing Content-Length values") }
            value = number
        }
    }
}

/// The transfer-codings listed over all `Transfer-Encoding` fields (RFC 9112 §6.1).
struct TransferCodings: Sendable {
    private(set) var isPresent = false
    private(set) var chunkedCount = 0
    private(set) var hasUnknown = false

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        isPresent = true
        bytes.forEachListElement(range) { element in
            // Empty list elements are ignored (RFC 9110 §5.6.1).
            if element.isEmpty { return }
            if bytes.equalsIgnoringCase(element, "chunked") { chunkedCount += 1 } else { hasUnknown = true }
        }
    }
}

extension HTTPParserError {
    static func bodyTooLarge(_ limits: HTTPParserLimits) -> Self {
        Self(status: .payloadTooLarge, reason: "request body larger than \(limits.maxBodyBytes) bytes")
    }
}
