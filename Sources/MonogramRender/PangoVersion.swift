private import CPangoCairo

public enum RenderLibraries {
    public static var versions: String {
        "cairo \(String(cString: cairo_version_string())), pango \(String(cString: pango_version_string()))"
    }
}
