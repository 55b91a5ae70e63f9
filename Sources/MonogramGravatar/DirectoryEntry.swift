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
        var bytes = Array(name.utf8)
        bytes.append(0)
        bytes += colorKey.utf8
        bytes.append(0)
        bytes += (picture ?? "").utf8
        self.version = ColorKey.fnv1a64(bytes)
    }
}
