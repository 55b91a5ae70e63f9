import MonogramCore

/// A fetched picture as kept in the source cache: the encoded bytes (a few hundred KiB at most,
/// where the decoded pixels could be 160 MB) and their header, read once.
final class SourcePicture: Sendable {
    let bytes: [UInt8]
    let header: PictureHeader
    /// Monotonic nanoseconds after which it is fetched again.
    let expires: UInt64
    /// FNV-1a 64 of the bytes: part of the ETag, so a changed picture gets a new one.
    let digest: UInt64

    init(bytes: [UInt8], header: PictureHeader, expires: UInt64, digest: UInt64) {
        self.bytes = bytes
        self.header = header
        self.expires = expires
        self.digest = digest
    }

    var cost: Int { bytes.count + 256 }
}

/// A decoded picture as kept in the same cache: the upright centred square at the largest
/// size asked for so far, from which every smaller size (and every face of a /group naming the
/// URL) is reduced without decoding again.
final class DecodedPicture: Sendable {
    let bitmap: PictureBitmap
    /// The bitmap is the whole source square: no request can get more by decoding again.
    let complete: Bool
    let expires: UInt64
    let digest: UInt64

    init(bitmap: PictureBitmap, complete: Bool, expires: UInt64, digest: UInt64) {
        self.bitmap = bitmap
        self.complete = complete
        self.expires = expires
        self.digest = digest
    }

    func serves(_ pixelSize: Int) -> Bool { complete || bitmap.side >= pixelSize }

    var cost: Int { bitmap.byteCount + 128 }
}

/// What the picture cache holds under a URL: its bytes, or its decoded square.
enum CachedPicture: Sendable {
    case source(SourcePicture)
    case decoded(DecodedPicture)

    var cost: Int {
        switch self {
        case .source(let source): source.cost
        case .decoded(let decoded): decoded.cost
        }
    }
}

/// A failure remembered for `pictures.failure_ttl`.
struct RememberedFailure: Sendable {
    let failure: PictureFailure
    let expires: UInt64
}
