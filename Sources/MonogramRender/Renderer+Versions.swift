private import CPangoCairo
private import CPictures

extension Renderer {
    /// The C libraries the renderer is linked against, for `monogram --version` (what a bug
    /// report about a drawing needs).
    public static var libraryVersions: String {
        "cairo \(String(cString: cairo_version_string())), pango \(String(cString: pango_version_string())), "
            + "libpng \(String(cString: monogram_libpng_version()))"
    }
}
