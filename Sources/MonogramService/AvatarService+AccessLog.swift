import Glibc
import MonogramCore
public import MonogramHTTP
import MonogramSync

extension AvatarService {
    /// Called once per written response on a loop thread: counts it for `/metrics`, then
    /// builds one string with no formatting beyond appends (the timestamp's seconds part is
    /// cached; targets are copied as they are unless they need escaping).
    public func accessLogLine(_ record: HTTPAccessRecord) -> String? {
        metrics.recordResponse(target: record.request?.target, status: record.status, durationMicroseconds: record.durationMicroseconds)
        guard settings.accessLog else { return nil }
        let client = AvatarService.client(of: record, trusting: settings.trustedProxies)
        let method = record.request?.method.name ?? "-"
        let target = record.request.map { AvatarService.printable($0.target) } ?? "-"
        let time = logClock.now()
        var line = ""
        switch settings.logFormat {
        case .text:
            line.reserveCapacity(96 + target.utf8.count)
            line += time
            line += " "
            line += client
            line += " \""
            line += method
            line += " "
            line += target
            line += "\" "
            line += String(record.status)
            line += " "
            line += String(record.bodyBytes)
            line += " "
            line += String(record.durationMicroseconds)
            line += "us "
            line += record.note.isEmpty ? "-" : record.note
        case .json:
            line = "{\"time\":\"\(time)\",\"client\":\(JSONText.string(client)),\"method\":\(JSONText.string(method)),"
                + "\"target\":\(JSONText.string(record.request?.target ?? "-")),\"status\":\(record.status),\"bytes\":\(record.bodyBytes),"
                + "\"duration_us\":\(record.durationMicroseconds),\"cache\":\(JSONText.string(record.note))}"
        }
        return line
    }

    /// The peer, or the address a trusted proxy says it forwarded for.
    static func client(of record: HTTPAccessRecord, trusting proxies: TrustedProxies) -> String {
        guard !proxies.isEmpty, let request = record.request else { return record.peer }
        return proxies.client(peer: record.peer, forwardedFor: request.headers("X-Forwarded-For"), forwarded: request.headers("Forwarded"))
    }

    /// Request targets come from strangers: keep log lines one line of visible ASCII.
    static func printable(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") }) { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(2048).map { $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" ? $0 : "?" }))
    }
}

/// RFC 3339 UTC timestamps with milliseconds; the part up to the seconds is formatted once per
/// second and shared by every loop.
final class AccessLogClock: Sendable {
    private let cached = Locked<(second: Int, prefix: String)>((-1, ""))

    func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let second = spec.tv_sec
        let prefix = cached.withLock { cache -> String in
            if cache.second != second {
                cache = (second, AccessLogClock.formatSeconds(second))
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
