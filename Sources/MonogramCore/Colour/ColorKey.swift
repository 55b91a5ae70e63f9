import Foundation

/// Turns a colour key (the `id`, else the name) into a stable 64-bit number.
///
/// The hash is FNV-1a 64 over UTF-8, never `Hasher`/`hashValue`: those are seeded per process,
/// and the same person must get the same colour across restarts, replicas and releases. The
/// exact steps are in docs/colours.md so a frontend can reproduce them; changing anything here
/// recolours every avatar and is a breaking change.
public enum ColorKey {
    /// FNV-1a 64-bit offset basis.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a 64-bit prime.
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The key as compared: NFC, then Unicode lower case, then final sigma `ς` folded to `σ`.
    ///
    /// NFC makes a precomposed "ë" and "e" + U+0308 one key. Swift lower-cases per scalar, but
    /// JavaScript's `toLowerCase()` turns a word-final Σ into ς; folding ς to σ makes both
    /// languages agree and also makes "ΟΔΟΣ" and "οδος" one person.
    public static func normalized(_ key: String) -> String {
        let lower = key.nfc.lowercased()
        guard lower.unicodeScalars.contains("\u{03C2}") else { return lower }
        var scalars = String.UnicodeScalarView()
        for scalar in lower.unicodeScalars {
            scalars.append(scalar == "\u{03C2}" ? "\u{03C3}" : scalar)
        }
        return String(scalars)
    }

    /// FNV-1a 64 of `bytes`: for each byte, xor it in, then multiply by the prime (mod 2^64).
    public static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        fnv1a64(bytes, continuing: offsetBasis)
    }

    /// FNV-1a 64 of the bytes hashed into `hash` followed by `bytes`: hashing pieces one after
    /// another gives the hash of their concatenation, without building it.
    public static func fnv1a64(_ bytes: some Sequence<UInt8>, continuing hash: UInt64) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// FNV-1a 64 of the UTF-8 bytes of `normalized(key)`.
    public static func hash(_ key: String) -> UInt64 {
        fnv1a64(normalized(key).utf8)
    }
}
