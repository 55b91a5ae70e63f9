import MonogramRender

/// `monogram --version`: the release, then the C libraries the renderer is linked against
/// (what a bug report needs to reproduce a drawing).
public enum VersionText {
    public static var text: String {
        "monogram \(MonogramRelease.version)\n" + Renderer.libraryVersions
    }
}
