/// `log`: what is written to stdout.
public struct LogConfiguration: Sendable, Hashable {
    /// How each log line is written.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// `key=value` pairs for people reading a terminal.
        case text
        /// One JSON object per line for log collectors.
        case json
    }

    /// `log.format`: `text` (the default) or `json`.
    public var format: Format = .text
    /// `log.access`: one access-log line per request. Default true.
    public var access: Bool = true

    public init() {}
}
