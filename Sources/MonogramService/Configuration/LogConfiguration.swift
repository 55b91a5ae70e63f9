/// `log`: what is written to stdout.
public struct LogConfiguration: Sendable, Hashable {
    /// How each log line is written.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// For people reading a terminal: `time client "METHOD target" status bytes 812us hit|miss|-`.
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
