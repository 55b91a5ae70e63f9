/// The two places a `Duration` meets whole or fractional seconds: `max-age` values, and APIs
/// below the service that still take seconds.
extension Duration {
    /// Whole seconds, rounded half up; never negative.
    var roundedSeconds: Int64 {
        let (seconds, attoseconds) = components
        return max(0, seconds + (attoseconds >= 500_000_000_000_000_000 ? 1 : 0))
    }

    /// Seconds as a `Double`.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
