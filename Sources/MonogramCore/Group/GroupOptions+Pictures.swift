extension GroupOptions {
    /// Longest `picture` URL accepted, in UTF-8 bytes.
    public static let maxPictureBytes = 2048

    /// The i-th value belongs to the i-th name; an empty value means that person has none.
    /// Only the form is checked here (the allow-list is the pictures feature's business).
    mutating func parsePictures(_ values: [String], nameCount: Int) throws(OptionsError) {
        guard values.count <= nameCount else {
            throw OptionsError(
                parameter: "picture",
                message: "picture given \(values.count) times but the group has \(nameCount) name\(nameCount == 1 ? "" : "s")")
        }
        pictures = []
        for value in values {
            guard !value.isEmpty else {
                pictures.append(nil)
                continue
            }
            guard value.utf8.count <= Self.maxPictureBytes, Self.isPictureURL(value) else {
                throw OptionsError(
                    parameter: "picture",
                    message: "picture must be empty or an absolute http or https URL of at most \(Self.maxPictureBytes) bytes")
            }
            pictures.append(value)
        }
        // Trailing "none" entries mean the same as leaving them out: one spelling per meaning.
        while pictures.last == .some(nil) { pictures.removeLast() }
    }

    /// `http://` or `https://` (scheme in any case), a non-empty host, an optional numeric
    /// port, and no spaces or control characters anywhere.
    static func isPictureURL(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return false }
        let lowered = text.lowercased()
        let scheme = lowered.hasPrefix("https://") ? 8 : lowered.hasPrefix("http://") ? 7 : 0
        guard scheme > 0 else { return false }
        let afterScheme = bytes[scheme...]
        let authority = afterScheme.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        // userinfo@host:port: only host and port matter.
        let hostAndPort = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? []
        var host = hostAndPort[...]
        var port: ArraySlice<UInt8> = []
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
            port = host[(close + 1)...]
            host = host[...close]
            guard host.count > 2 else { return false }
            if !port.isEmpty {
                guard port.first == UInt8(ascii: ":"), port.count > 1 else { return false }
                port = port.dropFirst()
            }
        } else if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
            port = host[(colon + 1)...]
            host = host[..<colon]
            guard !port.isEmpty else { return false }
        }
        return !host.isEmpty && port.count <= 5 && port.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
