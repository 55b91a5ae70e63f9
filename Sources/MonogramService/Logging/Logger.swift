import Glibc
import MonogramHTTP

/// The one way the service writes its own lines (start, stop, errors), in the same format as
/// the access log (`log.format`) and filtered by `log.level`: errors and warnings to stderr,
/// the rest to stdout, each line written whole with one `write` loop (no stdio buffering, so
/// lines from several threads never interleave within a line).
public struct Logger: Sendable {
    public let format: LogFormat
    public let level: LogLevel
    let clock: LogClock

    public init(format: LogFormat = .text, level: LogLevel = .info) {
        self.format = format
        self.level = level
        self.clock = LogClock()
    }

    public func error(_ message: String) { log(.error, message) }
    public func warning(_ message: String) { log(.warning, message) }
    public func info(_ message: String) { log(.info, message) }

    public func log(_ severity: LogLevel, _ message: String) {
        guard severity >= level else { return }
        let descriptor = severity >= .warning ? STDERR_FILENO : STDOUT_FILENO
        Logger.write(line(severity, message), to: descriptor)
    }

    /// Text: `monogram: error: message` (info lines as they are); JSON: one
    /// object with `time`, `level` and `message`. Controls in the message are escaped either way.
    func line(_ severity: LogLevel, _ message: String) -> String {
        switch format {
        case .text:
            let safe = LogText.oneLine(message)
            return severity == .info ? safe : "monogram: \(severity.rawValue): " + safe
        case .json:
            return "{\"time\":\"\(clock.now())\",\"level\":\"\(severity.rawValue)\",\"message\":\(LogText.json(message))}"
        }
    }

    /// One line straight to the descriptor (the access log writes there too, unbuffered).
    static func write(_ line: String, to descriptor: Int32) {
        Array((line + "\n").utf8).withUnsafeBytes { FileDescriptor.writeAll(descriptor, $0) }
    }
}
