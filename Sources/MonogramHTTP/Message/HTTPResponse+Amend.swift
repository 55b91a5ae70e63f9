/// Per-request changes to a shared (cached) response: the cache keeps one head per answer, and
/// a few header lines depend on the request that gets it (API §11: `X-Avatar-Ignored`, the
/// rate-limit fields, a `Cache-Control` clipped to a signed URL's `exp`). Only the head is
/// copied; the body stays shared.
extension HTTPResponse {
    /// This response with each of `fields` set: an existing line of the same name (compared
    /// case-insensitively, RFC 9110 §5.1) is dropped and the field written after the others.
    public func amended(setting fields: [(name: String, value: String)]) -> HTTPResponse {
        guard !fields.isEmpty else { return self }
        let names = fields.map { Array($0.name.lowercased().utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(head.count + fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 })
        for line in HTTPResponse.lines(head) {
            if let name = HTTPResponse.name(of: line), names.contains(where: { $0.elementsEqual(name.lazy.map(HTTPResponse.lowercased)) }) {
                continue
            }
            out += line
        }
        for field in fields {
            out += Array(field.name.utf8) + Array(": ".utf8) + Array(field.value.utf8) + [13, 10]
        }
        return HTTPResponse(status: status, head: out, body: body, closesConnection: closesConnection, reservation: reservation)
    }

    /// The value of the first header line named `name` (case-insensitive), without the
    /// whitespace around it; nil when there is none.
    public func headerValue(_ name: String) -> String? {
        let wanted = Array(name.lowercased().utf8)
        for line in HTTPResponse.lines(head) {
            guard let found = HTTPResponse.name(of: line), found.lazy.map(HTTPResponse.lowercased).elementsEqual(wanted) else { continue }
            let value = line.dropFirst(found.count + 1).drop { $0 == 32 || $0 == 9 }
            let trimmed = value.reversed().drop { $0 == 32 || $0 == 9 || $0 == 13 || $0 == 10 }.reversed()
            return String(decoding: trimmed, as: UTF8.self)
        }
        return nil
    }

    /// The head's lines, each with its CRLF (the status line included: it has no colon before
    /// a space, so it never matches a field name).
    private static func lines(_ head: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var index = head.startIndex
        while index < head.endIndex {
            if head[index] == 10 {
                lines.append(head[start...index])
                start = index + 1
            }
            index += 1
        }
        if start < head.endIndex { lines.append(head[start...]) }
        return lines
    }

    /// The field name of a header line: the bytes before its colon, when they hold no space.
    private static func name(of line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let name = line[..<colon]
        return name.isEmpty || name.contains(32) ? nil : name
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
