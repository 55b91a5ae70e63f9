import MonogramCore

/// `monogram render NAME --PARAMETER VALUE… -o FILE` spelled as the request a server would get,
/// `GET /avatar/{NAME}?{PARAMETERS}`, so the server's own parse (`JobFactory.parseAvatar`)
/// decides: the same 256-byte name limit, the same suffix split (`Jane.png` is Jane as PNG),
/// the same parameters and picture checks.
///
/// Each byte but the unreserved ones (RFC 3986 §2.3) is percent-encoded: the parse sees exactly
/// the bytes given, and a dot stays a dot, so a format suffix splits off as in a URL.
struct RenderRequest: Sendable, Equatable {
    /// The raw last path segment (`Jane%20Roe.png`) and query (`size=64&shape=circle`).
    var segment: String
    var query: String
    /// The format the output file's suffix names (`x.svg`), if any: the request asks for it
    /// unless it says a format itself, and must not ask for another.
    var outputFormat: OutputFormat?

    init(name: String, parameters: [(String, String)], output: String) {
        segment = Self.encode(name)
        let suffix = output.split(separator: "/").last?.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last
        outputFormat = suffix.flatMap { OutputFormat(named: $0) }
        var pairs = parameters
        if let outputFormat, !pairs.contains(where: { $0.0 == "format" }) { pairs.append(("format", outputFormat.rawValue)) }
        query = pairs.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
    }

    /// The server's parse of this request, and the check that it asks for the format the output
    /// file's suffix names.
    func parse(with jobs: JobFactory) throws(OptionsError) -> (name: String, options: AvatarOptions) {
        let parsed = try jobs.parseAvatar(segment: segment[...], query: query[...])
        if let outputFormat, parsed.options.format != outputFormat {
            throw OptionsError(
                parameter: "format",
                message: "the output file's suffix asks for \(outputFormat.rawValue) but the request for \(parsed.options.format.rawValue)")
        }
        return parsed
    }

    private static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
