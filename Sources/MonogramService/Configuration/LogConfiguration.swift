/// How each log line is written (`log.format`), access lines and the service's own alike.
public enum LogFormat: String, Sendable, Hashable, CaseIterable {
    /// For people reading a terminal: `time client "METHOD target" status bytes 812us hit|miss|-`
    /// for access lines, `monogram: error: …` for errors.
    case text
    /// One JSON object per line for log collectors.
    case json
}

/// Which of the service's own lines are written (`log.level`); access lines follow `log.access`.
public enum LogLevel: String, Sendable, Hashable, CaseIterable, Comparable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}

/// `log`: what is written to stdout and stderr.
public struct LogConfiguration: Sendable, Hashable {
    /// `log.format`: `text` (the default) or `json`, for every line.
    public var format: LogFormat = .text
    /// `log.access`: one access-log line per request on stdout. Default true.
    public var access: Bool = true
    /// `log.level`: `info` (the default: start, stop and errors), `warning` or `error`.
    public var level: LogLevel = .info

    public init() {}
}
