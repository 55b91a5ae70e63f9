/// `palette=NAME` or `colors=…` (API §10): where the colour key picks a background from,
/// instead of the server's default palette.
public enum PaletteChoice: Sendable, Hashable {
    /// A configured (`render.palettes`) or built-in (`accessible`) palette, by its name as
    /// configured. `default` is never stored: it is the same as no choice.
    case named(String)
    /// A one-off palette of 2…32 opaque colours, in the order given.
    case colors([RGBA])
}
