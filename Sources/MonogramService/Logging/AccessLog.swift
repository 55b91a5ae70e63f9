import MonogramHTTP

/// One access-log line per written response, in the configured format (`log.format`). Pure
/// formatting: counting the response for `/metrics` is the router's business, not the log's.
struct AccessLog: Sendable {
    /// What one line says, already resolved (the client through trusted proxies).
    struct Entry {
        var time: String
        var client: String
        var method: String
        var target: String
        var status: Int
        var bytes: Int
        var durationMicroseconds: Int
        var note: AnswerNote
    }

    let format: LogFormat
    let trustedProxies: TrustedProxies
    let clock: LogClock

    func line(_ record: HTTPAccessRecord) -> String {
        line(Entry(
            time: clock.now(), client: AccessLog.client(of: record, trusting: trustedProxies),
            method: record.request?.method.name ?? "-", target: record.request?.target ?? "-", status: record.status,
            bytes: record.bodyBytes, durationMicroseconds: record.durationMicroseconds, note: AnswerNote(record.note)))
    }

    /// Built with appends only (no formatting), since it runs once per response on a loop thread.
    func line(_ entry: Entry) -> String {
        var line = ""
        switch format {
        case .text:
            let target = LogText.printable(entry.target)
            line.reserveCapacity(96 + target.utf8.count)
            line += entry.time
            line += " "
            line += LogText.printable(entry.client)
            line += " \""
            line += LogText.printable(entry.method)
            line += " "
            line += target
            line += "\" "
            line += String(entry.status)
            line += " "
            line += String(entry.bytes)
            line += " "
            line += String(entry.durationMicroseconds)
            line += "us "
            line += entry.note == .none ? "-" : entry.note.text
        case .json:
            line = "{\"time\":\"\(entry.time)\",\"client\":\(LogText.json(entry.client)),\"method\":\(LogText.json(entry.method)),"
                + "\"target\":\(LogText.json(entry.target)),\"status\":\(entry.status),\"bytes\":\(entry.bytes),"
                + "\"duration_us\":\(entry.durationMicroseconds),\"cache\":\("\"" + entry.note.text + "\"")}"
        }
        return line
    }

    /// The peer, or the address a trusted proxy says it forwarded for.
    static func client(of record: HTTPAccessRecord, trusting proxies: TrustedProxies) -> String {
        guard !proxies.isEmpty, let request = record.request else { return record.peer }
        return proxies.client(peer: record.peer, forwardedFor: request.headers(HeaderName.forwardedFor), forwarded: request.headers(HeaderName.forwarded))
    }
}
