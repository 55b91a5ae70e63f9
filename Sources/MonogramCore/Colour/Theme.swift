/// Which variant of an avatar's colours is drawn (API §1 `theme`).
public enum Theme: String, Sendable, Hashable, CaseIterable {
    /// The palette colour with white text: made for light pages (the default).
    case light
    /// A darker colour of the same hue family, made for dark pages.
    case dark
    /// SVG only: one document carrying both, switched by the viewer's `prefers-color-scheme`.
    case auto
}

/// What fills the face behind the initials (API §1 `bg`).
public enum Background: Sendable, Hashable {
    /// A colour given in the query; kept in every theme.
    case color(RGBA)
    /// No background: the initials are drawn in the key's ink colour (`Palette.ink`), which
    /// reads on white and on black pages alike.
    case transparent
}

/// The two colours of one face in one theme.
public struct FaceColors: Sendable, Hashable {
    public var background: RGBA
    public var foreground: RGBA

    public init(background: RGBA, foreground: RGBA) {
        self.background = background
        self.foreground = foreground
    }
}
