/// Decodes a chunked body (RFC 9112 §7.1) as it arrives and throws the data away, keeping a
/// few integers of state: nothing of the body is buffered.
///
/// Line ends follow the head's rule (CRLF or bare LF, never a lone CR). Chunk extensions are
/// skipped (§7.1.1) and trailer fields discarded (§7.1.2 lets a recipient drop them), after
/// checks that keep them bounded: a size line's extensions and the trailer section are each
/// held to `maxHeadBytes`, trailer fields to `maxHeaderFields`, and chunk data to
/// `maxBodyBytes` in total.
struct ChunkedDecoder: Sendable, Hashable {
    private enum State: Sendable, Hashable {
        case size, sizeExtension, sizeLF, data, dataCR, dataLF, trailerStart, trailer, trailerLF, lastLF, done
    }

    private var state = State.size
    private var digits = 0
    /// The size being read, then the data left in the chunk.
    private var size = 0
    private var total = 0
    /// Bytes of the current size line's extensions, or of the whole trailer section.
    private var lineBytes = 0
    private var trailerFields = 0

    /// Whether the last chunk and the trailer section have been read.
    var isDone: Bool { state == .done }

    /// Reads framing and data from `bytes`; returns how many it used. It stops right after the
    /// body, leaving a pipelined request's bytes alone.
    /// `data` sees each run of chunk data as it passes (the parser keeps a `POST` body's).
    mutating func consume(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: HTTPParserLimits, data: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }
    ) throws(HTTPParserError) -> Int {
        var index = 0
        while index < bytes.count, state != .done {
            if state == .data {
                let skipped = Swift.min(size, bytes.count - index)
                data(UnsafeBufferPointer(rebasing: bytes[index..<(index + skipped)]))
                index += skipped
                size -= skipped
                if size == 0 { state = .dataCR }
            } else {
                try step(bytes[index], limits: limits)
                index += 1
            }
        }
        return index
    }

    private mutating func step(_ byte: UInt8, limits: HTTPParserLimits) throws(HTTPParserError) {
        switch state {
        case .size:
            if let digit = byte.hexDigitValue {
                digits += 1
                // 16 hex digits already fill 64 bits; more is an overflow attempt.
                guard digits <= 16 else {
                    throw HTTPParserError(status: .payloadTooLarge, reason: "chunk size has more than 16 hex digits")
                }
                size = size << 4 | digit
                // Checked per digit, so `size` stays small and the shift cannot overflow.
                if size > limits.maxBodyBytes - total { throw .bodyTooLarge(limits) }
            } else {
                guard digits > 0 else { throw .badRequest("invalid chunk size") }
                switch byte {
                case ASCII.semicolon, ASCII.space, ASCII.htab: state = .sizeExtension  // BWS ";" ext
                case ASCII.cr: state = .sizeLF
                case ASCII.lf: endSizeLine()
                default: throw .badRequest("invalid chunk size")
                }
            }
        case .sizeExtension:
            lineBytes += 1
            if lineBytes > limits.maxHeadBytes { throw .badRequest("chunk extension too long") }
            switch byte {
            case ASCII.lf: endSizeLine()
            case ASCII.cr: state = .sizeLF
            default: if byte.isControl { throw .badRequest("control character in chunk extension") }
            }
        case .sizeLF:
            guard byte == ASCII.lf else { throw .badRequest("CR not followed by LF") }
            endSizeLine()
        case .data, .done:
            break
        case .dataCR:
            switch byte {
            case ASCII.cr: state = .dataLF
            case ASCII.lf: state = .size
            default: throw .badRequest("chunk data not followed by CRLF")
            }
        case .dataLF:
            guard byte == ASCII.lf else { throw .badRequest("chunk data not followed by CRLF") }
            state = .size
        case .trailerStart:
            switch byte {
            case ASCII.cr: state = .lastLF
            case ASCII.lf: state = .done
            default:
                trailerFields += 1
                if trailerFields > limits.maxHeaderFields {
                    throw HTTPParserError(
                        status: .requestHeaderFieldsTooLarge,
                        reason: "more than \(limits.maxHeaderFields) trailer fields")
                }
                state = .trailer
                try step(byte, limits: limits)
            }
        case .trailer:
            lineBytes += 1
            if lineBytes > limits.maxHeadBytes {
                throw HTTPParserError(
                    status: .requestHeaderFieldsTooLarge,
                    reason: "trailer section larger than \(limits.maxHeadBytes) bytes")
            }
            switch byte {
            case ASCII.lf: state = .trailerStart
            case ASCII.cr: state = .trailerLF
            default: if byte.isControl { throw .badRequest("control character in trailer field") }
            }
        case .trailerLF, .lastLF:
            guard byte == ASCII.lf else { throw .badRequest("CR not followed by LF") }
            state = state == .lastLF ? .done : .trailerStart
        }
    }

    private mutating func endSizeLine() {
        total += size
        state = size == 0 ? .trailerStart : .data
        digits = 0
        lineBytes = 0
    }
}
