import Glibc
import MonogramCore
public import MonogramHTTP

extension AvatarService {
    /// Called once per written response: counts it for `/metrics`, then formats its log line.
    public func accessLogLine(_ record: HTTPAccessRecord) -> String? {
        metrics.recordResponse(target: record.request?.target, status: record.status, durationMicroseconds: record.durationMicroseconds)
        guard settings.accessLog else { return nil }
        let client = AvatarService.client(of: record, trusting: settings.trustedProxies)
        let method = record.request.map { $0.method.name } ?? "-"
        let target = record.request?.target ?? "-"
        let time = AccessLogClock.now()
        switch settings.logFormat {
        case .text:
            return "\(time) \(client) \"\(method) \(AvatarService.printable(target))\" \(record.status) \(record.bodyBytes) \(record.durationMicroseconds)us \(record.note.isEmpty ? "-" : record.note)"
        case .json:
            return "{\"time\":\"\(time)\",\"client\":\(JSONText.string(client)),\"method\":\(JSONText.string(method)),"
                + "\"target\":\(JSONText.string(target)),\"status\":\(record.status),\"bytes\":\(record.bodyBytes),"
                + "\"duration_us\":\(record.durationMicroseconds),\"cache\":\(JSONText.string(record.note))}"
        }
    }

    /// The peer, or the address a trusted proxy says it forwarded for.
    static func client(of record: HTTPAccessRecord, trusting proxies: TrustedProxies) -> String {
        guard !proxies.isEmpty, let request = record.request else { return record.peer }
        return proxies.client(peer: record.peer, forwardedFor: request.headers("X-Forwarded-For"), forwarded: request.headers("Forwarded"))
    }

    /// Request targets come from strangers: keep log lines one line of visible ASCII.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(2048).map { $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" ? $0 : "?" }))
    }
}

/// RFC 3339 UTC timestamps with milliseconds.
enum AccessLogClock {
    static func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = spec.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(parts.tm_year + 1900)-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2)).\(pad(spec.tv_nsec / 1_000_000, 3))Z"
    }
}
