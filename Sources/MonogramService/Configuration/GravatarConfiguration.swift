import MonogramPictures
public import MonogramGravatar

/// `gravatar`: the Gravatar-compatible `/gravatar/{hash}` route and its directory (API §7).
public struct GravatarConfiguration: Sendable, Hashable {
    /// `gravatar.directory`: path of the CSV directory. Default empty: no directory (every hash
    /// is unknown and answers its `d` default).
    public var directory: String = ""
    /// `gravatar.upstream`: base URL asked for known hashes without a picture, as
    /// `{upstream}{hash}?s={pixels}&d=404` (e.g. `https://gravatar.com/avatar/`); its host must be
    /// in `pictures.allowed_hosts`. Default empty: never asked.
    public var upstream: String = ""
    /// `gravatar.cache_control`: `Cache-Control` of `/gravatar` answers, shorter than `/avatar`'s
    /// because a directory entry can change. Default `public, max-age=300`.
    public var cacheControl: String = "public, max-age=300"
    /// `gravatar.redirect_hosts`: hosts a `d=URL` default may redirect to (`host`, `host:port`,
    /// `*.suffix`). Default empty: any host.
    public var redirectHosts: [String] = []
    /// `gravatar.reload_interval`: seconds between checks of the directory's modification time
    /// (a changed file is reloaded, like on SIGHUP). Default 5.
    public var reloadInterval: Double = 5
    /// `gravatar.max_directory_bytes`: a larger directory file is rejected whole (the previous
    /// directory keeps answering). Default 16 MiB.
    public var maxDirectoryBytes: Int = DirectoryLimits.default.maxBytes
    /// `gravatar.max_directory_rows`: a file with more rows is rejected whole. Default 250,000.
    public var maxDirectoryRows: Int = DirectoryLimits.default.maxRows
    /// `gravatar.avatar_path`: `/avatar/{32 or 64 hex digits}[.png|.jpg|.jpeg]` is answered as
    /// `/gravatar/{hash}` (API §11), the path Libravatar federation and Gravatar-style clients
    /// use. Default false: such a segment is a name, as it always was.
    public var avatarPath: Bool = false

    public init() {}
}

extension GravatarConfiguration {
    /// `gravatar.upstream`: empty, or an absolute `http(s)` URL ending in `/` (the hash is
    /// appended to it).
    static func upstreamBase(_ text: String) throws(ValueProblem) -> String {
        guard !text.isEmpty else { return text }
        guard text.hasSuffix("/"), !text.contains("?"), (try? PictureURL.parse(text)) != nil else {
            throw ValueProblem(message: #""\#(text)" is not an absolute http(s) URL ending in /"#)
        }
        return text
    }
}
