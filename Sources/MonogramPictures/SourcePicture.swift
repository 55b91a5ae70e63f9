/// A fetched picture as kept in the source cache: the encoded bytes (a few hundred KiB at most,
/// where the decoded pixels could be 160 MB), decoded again for each avatar size.
final class SourcePicture: Sendable {
    let bytes: [UInt8]
    /// Monotonic nanoseconds after which it is fetched again.
    let expires: UInt64
    /// FNV-1a 64 of the bytes: part of the ETag, so a changed picture gets a new one.
    let digest: UInt64

    init(bytes: [UInt8], expires: UInt64, digest: UInt64) {
        self.bytes = bytes
        self.expires = expires
        self.digest = digest
    }

    var cost: Int { bytes.count + 128 }
}

/// A failure remembered for `pictures.failure_ttl`.
struct RememberedFailure: Sendable {
    let failure: PictureFailure
    let expires: UInt64
}
