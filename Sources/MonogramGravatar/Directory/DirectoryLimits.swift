/// How large a directory file may be (`gravatar.max_directory_bytes`, `…_rows`): a directory
/// and its reload hold memory in proportion to both, so a file past either is rejected whole
/// (the previous directory keeps answering) instead of growing the process without bound.
public struct DirectoryLimits: Sendable, Equatable {
    /// Bytes of the file, checked before reading (`fstat`) and again while reading (a file
    /// that grows).
    public var maxBytes: Int
    /// Rows after the header, blank lines not counted.
    public var maxRows: Int

    /// 16 MiB and 250,000 rows: about 300,000 rows of typical length fit the bytes.
    public static let `default` = DirectoryLimits(maxBytes: 16 << 20, maxRows: 250_000)

    public init(maxBytes: Int, maxRows: Int) {
        self.maxBytes = maxBytes
        self.maxRows = maxRows
    }
}
