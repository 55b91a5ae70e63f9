private import CPangoCairo

/// Versions of the C libraries the renderer is linked against, for logs and `--version`.
public enum RenderLibraries {
    public static var versions: String {
        let png = String(cString: png_get_libpng_ver(nil))
        return "cairo \(String(cString: cairo_version_string())), pango \(String(cString: pango_version_string())), libpng \(png)"
    }
}
