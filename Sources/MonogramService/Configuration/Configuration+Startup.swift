import Glibc

extension Configuration {
    /// What only the file system can say, checked when the server or `monogram render` starts
    /// (not while loading, so `sign` and `healthcheck` need no masks): `render.masks_dir` must
    /// be a folder, because a missing one would silently turn every `shape=<mask>` into a 400.
    public func startupProblems() -> [String] {
        var info = stat()
        guard stat(render.masksDir, &info) == 0 else {
            return ["render.masks_dir: \(render.masksDir): \(String(cString: strerror(errno)))"]
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return ["render.masks_dir: \(render.masksDir) is not a folder"]
        }
        return []
    }
}
