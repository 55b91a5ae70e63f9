/// Why a render (or loading the masks) failed. `message` is safe to log; it never holds
/// user input beyond a mask name.
public struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The spec cannot be drawn (size out of range, unknown mask): the caller's mistake.
        case invalidSpec
        /// A mask file could not be read or decoded while loading the configuration.
        case maskFile
        /// cairo or pango reported an error (usually out of memory).
        case drawing
        /// libpng or the SVG stream failed.
        case encoding
    }

    public var kind: Kind
    public var message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "RenderError(\(kind)): \(message)" }
}
