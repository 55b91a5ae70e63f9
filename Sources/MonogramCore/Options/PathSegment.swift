import Foundation

/// Decoding of the `{name}` path segment (API §1) and the percent-decoding shared with
/// `QueryString`.
public enum PathSegment {
    /// Percent-decodes `raw`; with `plusIsSpace`, `+` becomes a space (the HTML form
    /// convention, which the API also applies to the name).
    ///
    /// Returns nil when a `%` is not followed by two hex digits. The result is raw bytes and
    /// may not be UTF-8: callers validate, because only they know which parameter to blame.
    public static func percentDecode(_ raw: some Collection<UInt8>, plusIsSpace: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index != raw.endIndex {
            let byte = raw[index]
            raw.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "%"):
                guard index != raw.endIndex, let high = hexValue(raw[index]) else { return nil }
                raw.formIndex(after: &index)
                guard index != raw.endIndex, let low = hexValue(raw[index]) else { return nil }
                raw.formIndex(after: &index)
                output.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                output.append(UInt8(ascii: " "))
            default:
                output.append(byte)
            }
        }
        return output
    }

    /// The person's name from the raw (still percent-encoded) segment: decoded as UTF-8 with
    /// `+` as a space, NFC-normalised, trimmed of Unicode whitespace (including no-break
    /// space), and at most `maxBytes` UTF-8 bytes after all that.
    ///
    /// The suffix (`.png`, …) must already be split off; see `AvatarPath.split`.
    public static func decodeName(_ raw: Substring, maxBytes: Int = 256) throws(OptionsError) -> String {
        var raw = raw
        // Over the contiguous bytes, decoded into a buffer on the stack (the decoding is never
        // longer than its input): no array is allocated and freed for the name of every miss.
        let decoded = raw.withUTF8 { input in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: input.count) { output in
                decodeName(input, into: output)
            }
        }
        let name = try decoded.get()
        guard name.utf8.count <= maxBytes else {
            throw OptionsError(parameter: "name", message: "name must be at most \(maxBytes) bytes")
        }
        return name
    }

    private static func decodeName(
        _ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Result<String, OptionsError> {
        guard let count = percentDecode(input, plusIsSpace: true, into: output) else {
            return .failure(OptionsError(parameter: "name", message: "name has invalid percent-encoding"))
        }
        let bytes = UnsafeBufferPointer(rebasing: output[..<count])
        if bytes.allSatisfy({ $0 < 0x80 }) {
            // Almost every name: ASCII is valid UTF-8 and already NFC, and its White_Space is
            // six bytes, so trimming needs no walk by Character (~3,000 instructions a miss).
            return .success(trimmedASCII(bytes))
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            return .failure(OptionsError(parameter: "name", message: "name is not valid UTF-8"))
        }
        return .success(trimmed(decoded.nfc))
    }

    /// `percentDecode` into `output` (at least `input.count` long); the bytes written, or nil
    /// for a bad escape.
    static func percentDecode(
        _ input: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        var written = 0
        var index = 0
        // Each input byte writes at most one output byte, so `written` ≤ `index` < `input.count`
        // ≤ `output.count` at every write.
        while index < input.count, written < output.count {
            let byte = input[index]
            index += 1
            switch byte {
            case UInt8(ascii: "%"):
                guard index + 1 < input.count, let high = hexValue(input[index]), let low = hexValue(input[index + 1]) else {
                    return nil
                }
                index += 2
                output[written] = high << 4 | low
            case UInt8(ascii: "+") where plusIsSpace:
                output[written] = UInt8(ascii: " ")
            default:
                output[written] = byte
            }
            written += 1
        }
        return index == input.count ? written : nil
    }

    /// `text` without leading and trailing whitespace characters (Unicode White_Space).
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    /// `trimmed` for ASCII bytes: without leading and trailing tab, LF, VT, FF, CR and space
    /// (the ASCII characters with the White_Space property, `Character.isWhitespace`).
    static func trimmedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[first...last]), as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
