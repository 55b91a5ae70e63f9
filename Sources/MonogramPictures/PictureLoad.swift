public import MonogramCore

/// The outcome of `PictureService.load`: the picture, or why there is none, and for how long
/// that answer holds.
public struct PictureLoad: Sendable {
    public let result: Result<PictureBitmap, PictureFailure>
    /// Seconds this outcome may be reused: the source's remaining lifetime on success, the
    /// failure's on failure.
    public let ttl: Double
    /// Identifies the source bytes (FNV-1a 64) on success; equal pictures, equal digests.
    public let digest: UInt64?

    public var bitmap: PictureBitmap? { try? result.get() }
}
