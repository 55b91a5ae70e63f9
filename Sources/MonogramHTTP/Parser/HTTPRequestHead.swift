/// A request method: a case-sensitive token (RFC 9110 §9.1), so `get` is not `GET`.
///
/// The parser accepts any token; answering 405 for the ones a route does not serve is the
/// router's job.
public enum HTTPMethod: Sendable, Hashable, CustomStringConvertible {
    case get, head, post, put, delete, options, patch
    /// Any other token, exactly as sent.
    case other(String)

    /// The method named `name`, compared case-sensitively.
    public init(_ name: String) {
        switch name {
        case "GET": self = .get
        case "HEAD": self = .head
        case "POST": self = .post
        case "PUT": self = .put
        case "DELETE": self = .delete
        case "OPTIONS": self = .options
        case "PATCH": self = .patch
        default: self = .other(name)
        }
    }

    /// The method named by the request line's bytes: the common ones without making a
    /// `String` first (one per request, ~230 instructions), any other token as sent.
    init(_ token: UnsafeBufferPointer<UInt8>) {
        for (method, spelling) in Self.spellings where spelling.elementsEqual(token) {
            self = method
            return
        }
        self = .other(String(decoding: token, as: UTF8.self))
    }

    private static let spellings: [(HTTPMethod, [UInt8])] = [
        (.get, Array("GET".utf8)), (.head, Array("HEAD".utf8)), (.post, Array("POST".utf8)), (.put, Array("PUT".utf8)),
        (.delete, Array("DELETE".utf8)), (.options, Array("OPTIONS".utf8)), (.patch, Array("PATCH".utf8)),
    ]

    /// The token as sent on the request line, e.g. `GET`.
    public var name: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        case .patch: "PATCH"
        case .other(let name): name
        }
    }

    public var description: String { name }
}

/// `HTTP/major.minor` from the request line (RFC 9112 §2.3).
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    /// `"HTTP/1.1"`.
    public var description: String { "HTTP/\(major).\(minor)" }
}

/// Where one header field line's name and value lie in `HTTPRequestHead.raw`, as UTF-8 offsets;
/// the value is already stripped of surrounding whitespace (RFC 9112 §5.1).
struct FieldRange: Sendable, Hashable {
    var name: Range<Int>
    var value: Range<Int>
}

/// A parsed request line and header section. Any body has already been read and discarded.
///
/// The head keeps its bytes in one string and the header fields as offsets into it, so parsing
/// allocates a fixed handful of times whatever the number of fields; lookups hand out
/// substrings of that string without copying.
public struct HTTPRequestHead: Sendable {
    /// The method token.
    public var method: HTTPMethod
    /// The request-target exactly as sent (RFC 9112 §3.2), still percent-encoded.
    public var target: String
    /// HTTP/1.0 or HTTP/1.1; the parser refuses any other version with 505.
    public var version: HTTPVersion
    /// Whether the connection stays open after the response (RFC 9112 §9.3): on HTTP/1.1 unless
    /// a `Connection` field lists `close`; on HTTP/1.0 only if it lists `keep-alive` and not
    /// `close`. Tokens compare case-insensitively, across all `Connection` fields.
    public var keepAlive: Bool
    /// A `POST` request's body, its first `HTTPParserLimits.maxKeptBodyBytes` bytes (empty for
    /// other methods, whose bodies are discarded).
    public var body: [UInt8] = []
    /// The body was longer than what `body` kept.
    public var bodyTruncated = false

    /// The request line and header lines as received (text that is not UTF-8 has its
    /// non-ASCII bytes replaced by `?`, keeping every offset valid).
    let raw: String
    let fields: [FieldRange]

    init(method: HTTPMethod, target: String, version: HTTPVersion, keepAlive: Bool, raw: String, fields: [FieldRange]) {
        self.method = method
        self.target = target
        self.version = version
        self.keepAlive = keepAlive
        self.raw = raw
        self.fields = fields
    }

    /// A head built directly, for tests and in-process callers that have no bytes to parse.
    /// `keepAlive` defaults to what RFC 9112 §9.3 gives for `version` and the `Connection` fields.
    public init(
        method: HTTPMethod, target: String, version: HTTPVersion = .http1_1,
        headers: [(name: String, value: String)] = [], keepAlive: Bool? = nil
    ) {
        var raw = "\(method.name) \(target) \(version)\r\n"
        var fields: [FieldRange] = []
        for (name, value) in headers {
            let nameStart = raw.utf8.count
            raw += name + ": "
            let valueStart = raw.utf8.count
            raw += value
            fields.append(FieldRange(name: nameStart..<nameStart + name.utf8.count, value: valueStart..<raw.utf8.count))
            raw += "\r\n"
        }
        self.init(method: method, target: target, version: version, keepAlive: true, raw: raw, fields: fields)
        self.keepAlive = keepAlive ?? withRawBytes { bytes in
            var options = ConnectionOptions()
            for field in fields where bytes.equalsIgnoringCase(field.name, "connection") {
                options.add(bytes, field.value)
            }
            return options.isPersistent(for: version)
        }
    }

    /// Bytes this head holds in memory, roughly: its text, its target and its field table
    /// (a `POST` body is counted apart).
    var heldBytes: Int { raw.utf8.count + target.utf8.count + fields.count * MemoryLayout<FieldRange>.stride + 64 }

    /// The value of the first header field named `name` (compared case-insensitively), with
    /// surrounding whitespace removed; nil if there is none.
    public func header(_ name: String) -> Substring? {
        fieldIndex(named: name, from: 0).map { value(of: fields[$0]) }
    }

    /// The values of every header field named `name`, in order. Each is one field line's value:
    /// a comma-separated list inside one line (`If-None-Match: "a", "b"`) is not split.
    public func headers(_ name: String) -> [Substring] {
        var values: [Substring] = []
        var next = 0
        while let index = fieldIndex(named: name, from: next) {
            values.append(value(of: fields[index]))
            next = index + 1
        }
        return values
    }

    /// Whether an `Expect` field lists `100-continue` (compared case-insensitively, RFC 9110
    /// §10.1.1). Other expectations are ignored (a 417 is only a MAY).
    var expectsContinue: Bool {
        withRawBytes { bytes in
            var found = false
            for field in fields where bytes.equalsIgnoringCase(field.name, "expect") {
                bytes.forEachListElement(field.value) { element in
                    if bytes.equalsIgnoringCase(element, "100-continue") { found = true }
                }
            }
            return found
        }
    }

    /// The index of the first field at or after `start` named `name`, ignoring ASCII case.
    private func fieldIndex(named name: String, from start: Int) -> Int? {
        var name = name
        return name.withUTF8 { wanted in
            withRawBytes { bytes in
                fields[start...].firstIndex { field in
                    field.name.count == wanted.count
                        && zip(field.name, wanted).allSatisfy { bytes[$0].asciiLowercased == $1.asciiLowercased }
                }
            }
        }
    }

    private func value(of field: FieldRange) -> Substring {
        let utf8 = raw.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: field.value.lowerBound)
        let end = utf8.index(start, offsetBy: field.value.count)
        return raw[start..<end]
    }

    func withRawBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = raw.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(raw.utf8).withUnsafeBufferPointer(body)
    }
}
