public import MonogramCore
import MonogramCrypto

/// The `{hash}` of `/gravatar/{hash}[.png|.jpg|.jpeg]`: 32 (MD5) or 64 (SHA-256) hexadecimal
/// digits of the trimmed, lower-cased address, either case (API §7). Stored as the digest's
/// bytes, so `ABC…` and `abc…` are one key and the index compares fixed-size values.
public struct GravatarHash: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable { case md5, sha256 }

    /// 16 or 32 bytes.
    public let bytes: [UInt8]

    public var kind: Kind { bytes.count == 16 ? .md5 : .sha256 }

    /// From a digest's bytes (16 or 32 of them), as the directory computes them.
    public init?(digest: [UInt8]) {
        guard digest.count == 16 || digest.count == 32 else { return nil }
        self.bytes = digest
    }

    /// The path segment after `/gravatar/`, or nil (a 404) for anything but the hash with an
    /// optional `.png`, `.jpg` or `.jpeg` (Gravatar's own suffixes; `format(ofPathSegment:)`
    /// says which format the answer is).
    public init?(pathSegment segment: Substring) {
        var hex = segment.utf8[...]
        for suffix in [".png", ".jpg", ".jpeg"] where GravatarHash.hasSuffix(hex, suffix) {
            hex = hex.dropLast(suffix.utf8.count)
            break
        }
        guard hex.count == 32 || hex.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.count / 2)
        var high: UInt8?
        for character in hex {
            guard let nibble = GravatarHash.nibble(character) else { return nil }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        self.bytes = bytes
    }

    /// The format a path segment's suffix asks for (API §11): `.jpg` and `.jpeg` a real JPEG,
    /// `.png` or none a PNG.
    public static func format(ofPathSegment segment: Substring) -> OutputFormat {
        let hex = segment.utf8[...]
        return hasSuffix(hex, ".jpg") || hasSuffix(hex, ".jpeg") ? .jpeg : .png
    }

    /// Lower-case hexadecimal: how the hash is logged, keyed and sent upstream.
    public var description: String { Digest.hex(bytes) }

    static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func hasSuffix(_ text: Substring.UTF8View.SubSequence, _ suffix: String) -> Bool {
        text.count > suffix.utf8.count && text.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
    }
}
