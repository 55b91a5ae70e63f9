import MonogramSync

/// One answer on its way out: the parts are written in order, each straight from where it
/// lives. `head` and `body` are the `HTTPResponse`'s own arrays (shared with the cache, never
/// copied per answer); `date` is the loop's per-second line; `framing` a static constant.
struct OutgoingResponse: Sendable {
    let head: [UInt8]
    let date: [UInt8]
    let framing: [UInt8]
    let body: [UInt8]
    /// Bytes of this answer already written.
    var sent = 0
    /// The memory-budget bytes of `body`, held until this answer is dropped (written).
    var reservation: MemoryReservation? = nil

    var total: Int { head.count + date.count + framing.count + body.count }
    var remaining: Int { total - sent }

    static let close = Array("Connection: close\r\n\r\n".utf8)
    static let keepAlive = Array("Connection: keep-alive\r\n\r\n".utf8)
    static let plain = Array("\r\n".utf8)
    /// The interim answer to `Expect: 100-continue`: no header fields (RFC 9110 §15.2.1).
    static let continueLine = Array("HTTP/1.1 100 Continue\r\n".utf8)
}

/// Answers serialised in order and not yet fully written, with their byte count kept as they
/// are queued (what the connection's output budget is charged).
struct OutputQueue: Sendable {
    private(set) var entries: [OutgoingResponse] = []
    private var first = 0
    /// Unwritten bytes of every entry.
    private(set) var pendingBytes = 0

    var isEmpty: Bool { pendingBytes == 0 }

    /// The answers still (partly) unwritten, the first possibly partly sent.
    var pending: ArraySlice<OutgoingResponse> { entries[first...] }

    /// Consumed: the answer's arrays move into the queue (borrowed, each was retained for the
    /// copy and released with the caller's temporary: five pairs per answer).
    mutating func append(_ response: consuming OutgoingResponse) {
        pendingBytes += response.remaining
        entries.append(response)
    }

    /// Records `count` bytes written from the front.
    mutating func consume(_ count: Int) {
        var left = min(count, pendingBytes)
        pendingBytes -= left
        while left > 0, first < entries.count {
            let take = min(left, entries[first].remaining)
            entries[first].sent += take
            left -= take
            if entries[first].remaining == 0 { first += 1 }
        }
        while first < entries.count, entries[first].remaining == 0 { first += 1 }
        if first == entries.count {
            // Drops the references to written bodies at once, so a large burst is not kept.
            entries.removeAll(keepingCapacity: entries.capacity <= 64)
            first = 0
        } else if first >= 32 {
            entries.removeFirst(first)
            first = 0
        }
    }

    mutating func removeAll() {
        entries = []
        first = 0
        pendingBytes = 0
    }
}
