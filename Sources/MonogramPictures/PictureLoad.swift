public import MonogramCore
public import MonogramSync

/// The outcome of `PictureService.load`: the picture, or why there is none, and for how long
/// that answer holds.
public struct PictureLoad: Sendable {
    public let result: Result<PictureBitmap, PictureFailure>
    /// Seconds this outcome may be reused: the source's remaining lifetime on success, the
    /// failure's on failure.
    public let ttl: Double
    /// Identifies the source bytes (FNV-1a 64) on success; equal pictures, equal digests.
    public let digest: UInt64?

    /// With `.overBudget`: seconds until the client's budget holds the picture's cost.
    public var retryAfter = 0
    /// The memory budget's bytes for `bitmap`, given back once the last copy of this load is
    /// dropped (after the render that draws it).
    public var hold: MemoryReservation? = nil

    public var bitmap: PictureBitmap? { try? result.get() }
}
