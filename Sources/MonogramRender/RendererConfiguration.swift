/// What a `Renderer` needs from the service configuration.
public struct RendererConfiguration: Sendable {
    /// Folder whose `*.png` files become mask shapes named by file name without `.png`.
    /// A missing folder means no masks (not an error); an unreadable PNG in it is.
    public var masksDirectory: String

    public init(masksDirectory: String) {
        self.masksDirectory = masksDirectory
    }
}
