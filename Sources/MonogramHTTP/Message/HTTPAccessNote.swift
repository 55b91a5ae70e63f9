/// What the handler says about how it made an answer (for the access log), opaque to the
/// HTTP layer: a one-byte code the application defines and maps back to its own type when it
/// writes the line. A value, not text, so carrying it through a connection's slots, the
/// mailbox and the log record costs no allocation and the server cannot depend on what the
/// application's notes mean.
public struct HTTPAccessNote: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Nothing to say; what the server itself uses for the answers it makes (408, 400, 503).
    public static let none = HTTPAccessNote(rawValue: 0)
}
