extension HTTPConnectionStateMachine {
    /// Bytes read from the socket.
    mutating func received(_ bytes: UnsafeRawBufferPointer, now: Instant) {
        switch state {
        case .lingering, .closed:
            return  // discarded: the answer that ended the connection has been written
        case .reading:
            // The read-header clock starts with the first byte of a head, not at the wait.
            if !parser.hasPartialRequest, !bytes.isEmpty { state = .reading(since: now) }
        case .responding, .closing:
            break
        }
        parser.append(bytes)
    }

    /// How many bytes the next read may take: the room left under `maxBufferedInput` (at
    /// least 1, so a read still sees end of input), or all a read gives while lingering, where
    /// bytes are discarded.
    var readAllowance: Int {
        if case .lingering = state { return Int.max }
        return max(1, policy.maxBufferedInput - heldInputBytes)
    }

    /// Request bytes held: unparsed input and the heads of requests still owed an answer.
    var heldInputBytes: Int { parser.bufferedByteCount + slotRequestBytes }

    /// The peer closed its side (read returned 0).
    mutating func peerClosed() {
        inputClosed = true
        switch state {
        case .lingering:
            state = .closed
        case .reading where !parser.hasPartialRequest:
            state = .closed
        default:
            break  // complete requests already received are still answered
        }
    }

    /// The socket failed (reset, error): nothing more can be written.
    mutating func failed() {
        state = .closed
    }

    /// The answer to request `sequence`, from the handler at once or later from any thread.
    /// Unknown sequences (the connection gave up on them) are ignored.
    mutating func ready(sequence: UInt64, response: HTTPResponse, note: HTTPAccessNote = .none) {
        guard let index = slots.firstIndex(where: { $0.sequence == sequence }), slots[index].response == nil else { return }
        let charge = Self.wireSize(response, sendsBody: slots[index].sendsBody)
        slotCharges += charge - slots[index].charge
        largestAnswer = max(largestAnswer, charge)
        slots[index].charge = charge
        slots[index].response = response
        slots[index].note = note
    }

    /// `count` bytes of `output` were written.
    mutating func wrote(_ count: Int, now: Instant) {
        guard count > 0 else { return }
        output.consume(count)
        bytesWritten += count
        lastWriteProgress = now
    }

    /// The kernel still holds `unacknowledged` of the bytes written (SIOCOUTQ), or -1 when it
    /// cannot say. Any fall is progress: the peer is reading, however slowly. Once everything
    /// is acknowledged, a connection waiting for its next request starts its idle clock then,
    /// not when the last byte went into the send buffer.
    mutating func acknowledged(unacknowledged: Int, now: Instant) {
        guard awaitsAcknowledgement else { return }
        let acknowledged = unacknowledged < 0 ? bytesWritten : min(bytesWritten, max(bytesAcknowledged, bytesWritten - unacknowledged))
        guard acknowledged > bytesAcknowledged else { return }
        bytesAcknowledged = acknowledged
        lastWriteProgress = now
        if !awaitsAcknowledgement, case .reading = state, !parser.hasPartialRequest { state = .reading(since: now) }
    }

    /// The socket took no more (EAGAIN): wait for `writable`.
    mutating func writeWouldBlock() {
        writeBlocked = true
    }

    /// The socket can take bytes again (EPOLLOUT).
    mutating func writable() {
        writeBlocked = false
    }

    /// Graceful shutdown has begun: idle connections close now; a head already started (or
    /// complete) is still answered, the last answer with `Connection: close`; everything
    /// is closed at `deadline`.
    mutating func drain(deadline: Instant, now: Instant) {
        drainDeadline = deadline
        if case let .lingering(until) = state {
            state = .lingering(until: min(until, now.advanced(by: policy.drainLingerTimeout)))
        }
    }

    /// Enforces every deadline: read-header (→ 408), idle, write progress, linger, drain.
    mutating func tick(now: Instant) {
        if let drainDeadline, now >= drainDeadline {
            state = .closed
            return
        }
        if let pausedUntil, now >= pausedUntil { self.pausedUntil = nil }
        switch state {
        case let .lingering(until):
            // An answer still on its way to a reader is not cut off by the linger period.
            if awaitsAcknowledgement {
                if lastWriteProgress.duration(to: now) >= policy.writeTimeout { state = .closed }
            } else if now >= until {
                state = .closed
            }
            return
        case .closed:
            return
        case let .reading(since):
            if parser.hasPartialRequest {
                if since.duration(to: now) >= policy.readHeaderTimeout {
                    fail(policy.errorResponse(.requestTimeout, "request head did not arrive in time"), now: now)
                }
            } else if !awaitsAcknowledgement, since.duration(to: now) >= policy.idleTimeout {
                state = .closed
                return
            }
        case .responding, .closing:
            break
        }
        // Judged by progress (bytes taken or acknowledged), not by how often epoll reports
        // the socket writable: only a peer that has read nothing for `writeTimeout` is cut off.
        if !output.isEmpty || awaitsAcknowledgement, lastWriteProgress.duration(to: now) >= policy.writeTimeout {
            state = .closed  // a client that does not read: nothing more can reach it
        }
    }

    /// Queues a final error answer after the answers still owed, and takes no more requests.
    mutating func fail(_ response: HTTPResponse, now: Instant) {
        let charge = Self.wireSize(response, sendsBody: true)
        slots.append(Slot(sequence: nextSequence, request: nil, started: now, response: response, charge: charge))
        slotCharges += charge
        nextSequence += 1
        state = .closing
    }

    /// Bytes an answer puts on the wire: head, the `Date` and `Connection` lines, body.
    static func wireSize(_ response: HTTPResponse, sendsBody: Bool) -> Int {
        response.head.count + 64 + (sendsBody ? response.body.count : 0)
    }
}
