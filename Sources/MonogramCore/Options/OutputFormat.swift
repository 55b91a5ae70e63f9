/// What an avatar answer is encoded as.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    case png, svg, json, webp, avif, jpeg

    public var contentType: String {
        switch self {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .json: "application/json"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .jpeg: "image/jpeg"
        }
    }

    /// The format a `format=` value or a path suffix names: the raw values, and `jpg` for
    /// `jpeg` (the suffix almost every JPEG file has; API §11 names both). Case-insensitive.
    public init?(named name: some StringProtocol) {
        let lowered = name.lowercased()
        if lowered == "jpg" { self = .jpeg; return }
        self.init(rawValue: lowered)
    }

    /// Whether the image has an alpha channel; JPEG's pixels outside the shape are the matte.
    public var hasAlpha: Bool { self != .jpeg }

    /// Most pixels an AVIF answer may have: 1024 × 1024 (size 1024 at dpr 1, 512 at dpr 2).
    /// The AV1 encoder costs ~100× PNG per pixel even at the pinned speed; at this size one encode
    /// measured 0.3–0.4 s on the loaded 2-core test box (2048² took 1.1–1.7 s: too close to the
    /// default `render.timeout` of 2 s; docs/benchmarks.md). Larger AVIF requests are a 400 naming `format`.
    public static let largestAVIFPixels = 1024 * 1024

    /// Most pixels a WebP answer may have: 2048 × 2048 (size 1024 at dpr 2, 512 at dpr 4). The
    /// lossless encoder holds ~21 B per pixel (measured: two 4096² encodes peaked at 684 MiB),
    /// more than twice a PNG render's 9 B; capped here, a WebP render fits one worker's share of
    /// the render memory budget (9 B × (4 × render.max_size)²), so the README memory formula
    /// holds whatever format is asked for. Larger WebP requests are a 400 naming `format`.
    public static let largestWebPPixels = 2048 * 2048

    /// `format must be png, svg, json, webp, avif or jpeg`: every value, so a typo's 400 says what works.
    public static let accepted: String = {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }()

    /// Refuses a format that cannot encode an image of `pixels` pixels in good time (AVIF over
    /// `largestAVIFPixels`, WebP over `largestWebPPixels`), as a 400 naming `format`.
    public func check(pixels: Int) throws(OptionsError) {
        if self == .avif && pixels > OutputFormat.largestAVIFPixels {
            throw OptionsError(
                parameter: "format",
                message: "format avif allows at most \(OutputFormat.largestAVIFPixels) pixels (1024 × 1024); use png or webp, or a smaller size or dpr")
        }
        if self == .webp && pixels > OutputFormat.largestWebPPixels {
            throw OptionsError(
                parameter: "format",
                message: "format webp allows at most \(OutputFormat.largestWebPPixels) pixels (2048 × 2048); use png, or a smaller size or dpr")
        }
    }
}
