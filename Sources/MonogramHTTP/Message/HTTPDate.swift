import Glibc

/// The IMF-fixdate for `Date` headers (RFC 9110 §5.6.7), formatted at most once per second
/// per event loop so the hit path does no formatting.
struct HTTPDate {
    private var second: time_t = -1
    private(set) var headerLine: [UInt8] = []

    /// `Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n` for the current second.
    mutating func current() -> [UInt8] {
        let now = time(nil)
        if now != second {
            second = now
            headerLine = Array(("Date: " + HTTPDate.format(now) + "\r\n").utf8)
        }
        return headerLine
    }

    static func format(_ seconds: time_t) -> String {
        var copy = seconds
        var parts = tm()
        gmtime_r(&copy, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
