/// The release: part of every ETag (a new release may draw different bytes), and what
/// `--version` and `monogram_build_info` report.
public enum MonogramRelease {
    public static let version = "0.1.0"
    /// When this release was cut (Unix seconds, 2026-12-02T00:00:00Z): every image answer's
    /// `Last-Modified` (API §11). A constant, not the build's clock, so every build and replica
    /// of one release says the same; set it with `version`.
    public static let published = 1_796_169_600
}
