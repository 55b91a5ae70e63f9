import Glibc
import MonogramSync

/// RFC 3339 UTC timestamps with milliseconds for log lines; the part up to the seconds is
/// formatted once per second and shared by every thread. Wall-clock time on purpose: log
/// readers correlate it with other systems (every duration in the service uses
/// `ContinuousClock`).
final class LogClock: Sendable {
    private let cached = Locked<(second: Int, prefix: String)>((-1, ""))

    func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let second = spec.tv_sec
        let prefix = cached.withLock { cache -> String in
            if cache.second != second {
                cache = (second, LogClock.formatSeconds(second))
            }
            return cache.prefix
        }
        let millis = spec.tv_nsec / 1_000_000
        return prefix + (millis < 10 ? ".00" : millis < 100 ? ".0" : ".") + String(millis) + "Z"
    }

    private static func formatSeconds(_ seconds: Int) -> String {
        var copy = seconds
        var parts = tm()
        gmtime_r(&copy, &parts)
        func pad(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))"
    }
}
