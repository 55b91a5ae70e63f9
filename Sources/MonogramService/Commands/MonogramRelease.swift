/// The release: part of every ETag (a new release may draw different bytes), and what
/// `--version` and `monogram_build_info` report.
public enum MonogramRelease {
    public static let version = "0.1.0"
}
