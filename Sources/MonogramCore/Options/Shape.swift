/// The outline of an avatar; everything outside it is transparent.
public enum Shape: Sendable, Hashable {
    case square
    case circle
    /// Rounded square; `radius` is the corner radius as a fraction of the side (0…0.5).
    case rounded(radius: Double)
    /// A PNG mask from the configured masks folder, by file name without `.png`.
    case mask(name: String)
}
