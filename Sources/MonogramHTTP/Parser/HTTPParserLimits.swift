/// The bounds `HTTPParser` enforces while reading, so no request can make a connection's
/// memory grow past them (each is checked as bytes arrive, not once the head is complete).
public struct HTTPParserLimits: Sendable, Hashable {
    /// Longest request-target, in bytes; longer is a 414, detected while the request line is
    /// still arriving. Default 8192 (nginx's `large_client_header_buffers` size).
    public var maxTargetBytes: Int
    /// Longest request head (request line, header lines and leading empty lines), in bytes;
    /// longer is a 431. Default 16384. Also bounds one chunked-body trailer section.
    public var maxHeadBytes: Int
    /// Most header field lines in one head; more is a 431. Default 100.
    public var maxHeaderFields: Int
    /// Largest request body the server accepts, in bytes. Bodies are read and discarded
    /// (Monogram's GET/HEAD routes take none); a larger `Content-Length`, or chunked data
    /// adding up to more, is a 413. Default 1 MiB.
    public var maxBodyBytes: Int
    /// Bytes of a `POST` body kept for the handler (`HTTPRequestHead.body`; `/purge` reads its
    /// form there); the rest of a longer body is read and discarded, and the head says it was
    /// cut (`bodyTruncated`). Every other method's body is discarded whole. Default 65536.
    public var maxKeptBodyBytes: Int = 65_536

    /// Limits with the documented defaults, each overridable.
    public init(
        maxTargetBytes: Int = 8192,
        maxHeadBytes: Int = 16384,
        maxHeaderFields: Int = 100,
        maxBodyBytes: Int = 1_048_576
    ) {
        self.maxTargetBytes = maxTargetBytes
        self.maxHeadBytes = maxHeadBytes
        self.maxHeaderFields = maxHeaderFields
        self.maxBodyBytes = maxBodyBytes
    }
}
