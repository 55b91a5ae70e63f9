import MonogramCore

/// One person in the directory, as the `/gravatar` route needs them: no address is kept
/// beyond the colour key (which defaults to the lower-cased address, API §7).
public struct DirectoryEntry: Sendable, Equatable {
    public var name: String
    /// The `id` column, else the lower-cased address: the key `/avatar/{name}?id={key}` colours by.
    public var colorKey: String
    public var picture: String?
    /// Changes when any field of the entry changes (FNV-1a over them), for the ETag.
    public var version: UInt64

    public init(name: String, colorKey: String, picture: String?) {
        self.name = name
        self.colorKey = colorKey
        self.picture = picture
        // FNV-1a over name, 0, key, 0, picture, without building the bytes.
        var hash = ColorKey.offsetBasis
        for part in [name, colorKey, picture ?? ""] {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash &*= ColorKey.prime
            }
            hash &*= ColorKey.prime  // the 0 separator: xor with 0, then multiply
        }
        self.version = hash
    }
}
