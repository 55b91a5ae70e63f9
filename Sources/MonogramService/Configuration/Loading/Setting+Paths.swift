extension Setting {
    /// Keys naming a file or folder. A relative value in the configuration file is relative to
    /// the file's folder; from `MONOGRAM_*` variables and flags, to the working directory.
    static var paths: [String: WritableKeyPath<Configuration, String>] {
        ["render.masks_dir": \.render.masksDir, "gravatar.directory": \.gravatar.directory]
    }
}
