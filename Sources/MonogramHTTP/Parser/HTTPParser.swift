/// A sans-I/O HTTP/1.1 request parser (RFC 9112): the server feeds it the bytes it reads and
/// takes out request heads, in order, as they complete.
///
/// ```swift
/// parser.append(bytesRead)
/// while let head = try parser.next() { respond(to: head) }
/// ```
///
/// Bodies are read before their head is returned, so a pipelined request after one parses
/// normally; only a `POST` body is kept, in `HTTPRequestHead.body` up to
/// `maxKeptBodyBytes` (the rest is discarded), every other body is thrown away as it arrives. Every limit in `HTTPParserLimits` is checked as bytes arrive. Once `next()` has
/// thrown, it throws the same error for ever: the server answers it and closes the connection.
///
/// Memory: the parser holds at most one partial head (≤ `maxHeadBytes`) plus what was appended
/// since the last `next()` returned nil, provided the caller drains `next()` after each append.
public struct HTTPParser: Sendable {
    /// The limits this parser enforces.
    public let limits: HTTPParserLimits

    /// Received bytes; those before `readIndex` are consumed. One growable array compacted
    /// now and then, rather than a copy per request.
    private var buffer: [UInt8] = []
    private var readIndex = 0
    private var scanner = HeadScanner()
    /// A head whose body is still being discarded.
    private var pendingHead: HTTPRequestHead?
    private var body = BodyState.none
    private var failure: HTTPParserError?
    /// The head being read sent `Expect: 100-continue` and its body has not all come yet.
    private var continueWanted = false

    private enum BodyState: Sendable {
        case none
        case length(remaining: Int)
        case chunked(ChunkedDecoder)
    }

    /// A parser enforcing `limits` (by default the documented defaults).
    public init(limits: HTTPParserLimits = HTTPParserLimits()) {
        self.limits = limits
    }

    /// Whether a request has begun but is not complete: the server then applies the
    /// read-header timeout (→ 408) rather than the idle timeout.
    public var hasPartialRequest: Bool { pendingHead != nil || readIndex < buffer.count }

    /// The head whose body is being read asked for `100 Continue` (RFC 9110 §10.1.1): an
    /// HTTP/1.1 client with `Expect: 100-continue` may wait for it before sending the body,
    /// and without it neither side would move. True until `continueSent()` or the body is in.
    public var wantsContinue: Bool { continueWanted && pendingHead != nil }

    /// The interim `100 Continue` has been queued for the head being read.
    public mutating func continueSent() {
        continueWanted = false
    }

    /// Bytes received and not yet consumed.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// The buffer's allocation, for tests that check memory stays bounded.
    var bufferCapacity: Int { buffer.capacity }

    /// Appends bytes read from the socket.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        compact()
        bytes.withMemoryRebound(to: UInt8.self) { buffer.append(contentsOf: $0) }
    }

    /// Returns the next complete request head (its body, if any, already read and discarded),
    /// or nil when more bytes are needed. Call it until nil after each `append`, to drain
    /// pipelined requests.
    /// - Throws: `HTTPParserError` for a request to refuse; the connection must then be closed.
    public mutating func next() throws(HTTPParserError) -> HTTPRequestHead? {
        if let failure { throw failure }
        do throws(HTTPParserError) {
            let head = try advance()
            // Also after a head: the connection machine asks again only when bytes are left.
            releaseIfDrained()
            return head
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func advance() throws(HTTPParserError) -> HTTPRequestHead? {
        if pendingHead == nil {
            guard let (head, framing) = try readHead() else { return nil }
            switch framing {
            case .none: return head
            case .length(let count): body = .length(remaining: count)
            case .chunked: body = .chunked(ChunkedDecoder())
            }
            pendingHead = head
            // §10.1.1: an expectation in an HTTP/1.0 request is ignored. Bodies within the
            // limit are read (and discarded), so the client is told to go on; one over it was
            // refused from the head above, with a final status and no 100.
            continueWanted = head.version == .http1_1 && head.expectsContinue
        }
        guard try discardBody() else { return nil }
        continueWanted = false
        defer { pendingHead = nil }
        return pendingHead
    }

    private mutating func readHead() throws(HTTPParserError) -> (HTTPRequestHead, BodyFraming)? {
        // The scanner is moved out (not copied) so that appending to its field array inside the
        // closure does not copy it.
        var scanner = HeadScanner()
        swap(&scanner, &self.scanner)
        defer { swap(&scanner, &self.scanner) }
        let start = readIndex
        let limits = limits
        typealias Parsed = (HTTPRequestHead, BodyFraming, Int)
        let parsed = try buffer.withUnsafeBufferPointer { (all) throws(HTTPParserError) -> Parsed? in
            let bytes = UnsafeBufferPointer(rebasing: all[start...])
            guard let headEnd = try scanner.scan(bytes, limits: limits), let requestLine = scanner.requestLine else {
                return nil
            }
            let message = UnsafeBufferPointer(rebasing: bytes[scanner.messageStart..<headEnd])
            let (head, framing) = try HTTPRequestHead.parse(
                message, requestLine: requestLine, fields: scanner.fields, isASCII: scanner.isASCII, limits: limits)
            return (head, framing, headEnd)
        }
        guard let (head, framing, headEnd) = parsed else { return nil }
        readIndex += headEnd
        scanner.reset()
        return (head, framing)
    }

    /// Discards body bytes; returns true once the whole body has gone.
    private mutating func discardBody() throws(HTTPParserError) -> Bool {
        switch body {
        case .none:
            return true
        case .length(let remaining):
            let skipped = min(remaining, buffer.count - readIndex)
            keep(buffer[readIndex..<(readIndex + skipped)])
            readIndex += skipped
            body = skipped == remaining ? .none : .length(remaining: remaining - skipped)
        case .chunked(var decoder):
            let start = readIndex
            let limits = limits
            var kept: [UInt8] = []
            let keeping = pendingHead?.method == .post
            readIndex += try buffer.withUnsafeBufferPointer { (all) throws(HTTPParserError) in
                try decoder.consume(UnsafeBufferPointer(rebasing: all[start...]), limits: limits) { data in
                    if keeping, kept.count < limits.maxKeptBodyBytes + 1 { kept += data.prefix(limits.maxKeptBodyBytes + 1 - kept.count) }
                }
            }
            keep(kept[...])
            body = decoder.isDone ? .none : .chunked(decoder)
        }
        if case .none = body { return true }
        return false
    }

    /// Keeps `data` in a `POST` head's body, up to `maxKeptBodyBytes`; past it, marks the body
    /// cut.
    private mutating func keep(_ data: ArraySlice<UInt8>) {
        guard !data.isEmpty, pendingHead?.method == .post else { return }
        let room = max(0, limits.maxKeptBodyBytes - (pendingHead?.body.count ?? 0))
        pendingHead?.body += data.prefix(room)
        if data.count > room { pendingHead?.bodyTruncated = true }
    }

    /// Capacity an empty buffer keeps: one read of a typical (pipelined) client, so the hit
    /// path does not allocate per request, while a connection that once received a burst
    /// does not hold its capacity while it waits.
    static let keptCapacity = 8192

    /// With every byte consumed, gives a large buffer back at once, not at the next append: a
    /// connection waiting (idle, or for its answers to be read) holds no input memory.
    private mutating func releaseIfDrained() {
        guard readIndex == buffer.count, buffer.capacity > Self.keptCapacity else { return }
        buffer = []
        readIndex = 0
    }

    /// Drops consumed bytes. Moving the unread tail only once at least as many bytes were
    /// consumed keeps the cost linear however the input is split.
    private mutating func compact() {
        if readIndex == buffer.count {
            // A burst (say a 1 MiB body in one read) must not pin its capacity for the
            // connection's lifetime.
            if buffer.capacity > Self.keptCapacity {
                buffer = []
            } else {
                buffer.removeAll(keepingCapacity: true)
            }
            readIndex = 0
        } else if readIndex >= 4096, readIndex * 2 >= buffer.count {
            buffer.removeSubrange(0..<readIndex)
            readIndex = 0
        }
    }
}
