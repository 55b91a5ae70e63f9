import Glibc

/// Unix time in whole seconds. A signed URL's `exp` (API §11) is wall-clock time by definition
/// (the signer and the server share no other clock); every duration in the service is
/// `ContinuousClock`. Injected at the composition root, so tests set the time by hand.
public struct WallClock: Sendable {
    public let seconds: @Sendable () -> Int

    public init(_ seconds: @escaping @Sendable () -> Int) {
        self.seconds = seconds
    }

    /// `CLOCK_REALTIME`.
    public static let system = WallClock {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int(spec.tv_sec)
    }
}
