extension HTTPConnectionStateMachine {
    /// The next thing to do, or nil when the connection waits for an event. `date` is the
    /// current `Date:` header line, frozen into each answer as it is queued.
    mutating func nextAction(now: Instant, date: [UInt8]) -> Action? {
        // Every step tests a cheap condition before building an `Action` or a `Completion`:
        // a nil `Optional` of either (large payloads: a request head) is destroyed through
        // runtime value witnesses, ~80–120 instructions each, several times per request.
        if isClosed {
            guard !closeHandedOut else { return nil }
            closeHandedOut = true
            return .close
        }
        if frontIsAnswered { return .log(queueFrontAnswer(now: now, date: date)) }
        if !output.isEmpty, !writeBlocked { return .write }
        // Only with bytes to parse (or the peer gone, which `takeNextRequest` turns into closing).
        if canDispatch, parser.hasPartialRequest || inputClosed, let action = takeNextRequest(now: now) { return action }
        if queueContinue(now: now) { return nextAction(now: now, date: date) }
        // A head that failed to parse has its error answer ready at once: queue it.
        if frontIsAnswered { return nextAction(now: now, date: date) }
        if slots.isEmpty, output.isEmpty {
            // The read-header clock of a partial head behind the answers starts only now:
            // while we owed answers, the client was not the one keeping us waiting.
            if case .responding = state { state = .reading(since: now) }
            if finishPending { return finish(now: now) }
        }
        guard let wanted = wantedInterest, announcedInterest.map({ $0 != wanted }) ?? true else { return nil }
        announcedInterest = wanted
        return .interest(read: wanted.read, write: wanted.write)
    }

    /// The oldest request has its answer. Read through the element, not `slots.first`, which
    /// copied the whole slot (its head's strings and arrays, retained and released) per call.
    private var frontIsAnswered: Bool {
        !slots.isEmpty && slots[0].response != nil
    }

    /// Whether another request may be taken now.
    private var canDispatch: Bool {
        switch state {
        case .reading, .responding:
            return slots.count < policy.maxPipelinedRequests && queuedBytes < policy.maxBufferedOutput && pausedUntil == nil
                && slotRequestBytes < policy.maxBufferedInput
        case .closing, .lingering, .closed:
            return false
        }
    }

    private mutating func takeNextRequest(now: Instant) -> Action? {
        guard canDispatch else { return nil }
        let head: HTTPRequestHead
        do {
            guard let parsed = try parser.next() else {
                // The peer sent its last byte: after what is complete, nothing more comes.
                if inputClosed { state = .closing }
                return nil
            }
            head = parsed
        } catch {
            fail(policy.errorResponse(error.status, error.reason), now: now)
            return nil
        }
        let sequence = nextSequence
        nextSequence += 1
        // The largest answer this connection has had is the best guess for the next one.
        let charge = min(max(policy.dispatchReservation, largestAnswer), policy.maxBufferedOutput)
        // The handler gets the body; the slot keeps the head only, for the access log.
        let slot = Slot(sequence: sequence, head: head, started: now, charge: charge)
        slots.append(slot)
        slotCharges += charge
        slotRequestBytes += slot.requestBytes
        state = head.keepAlive ? .responding : .closing
        return .dispatch(consume head, sequence: sequence)
    }

    /// A head with `Expect: 100-continue` waits for its body: tell the client to send it
    /// (RFC 9110 §10.1.1), once every earlier answer is queued, since an interim response
    /// belongs to its request and answers leave in order. Whether one was queued.
    private mutating func queueContinue(now: Instant) -> Bool {
        guard parser.wantsContinue, slots.isEmpty else { return false }
        switch state {
        case .reading, .responding: break
        case .closing, .lingering, .closed: return false
        }
        parser.continueSent()
        if output.isEmpty { lastWriteProgress = now }
        output.append(OutgoingResponse(head: OutgoingResponse.continueLine, date: [], framing: OutgoingResponse.plain, body: []))
        return true
    }

    /// Moves the front answer (ready: `frontIsAnswered`) into `output` (answers leave in request
    /// order, RFC 9112 §9.3.2); its access-log record is the action.
    private mutating func queueFrontAnswer(now: Instant, date: [UInt8]) -> Completion {
        // Moved out, not copied (`removeFirst` copies the element, then destroys it).
        var slot = slots.remove(at: 0)
        let response = slot.response.unsafelyUnwrapped
        slotCharges -= slot.charge
        slotRequestBytes -= slot.requestBytes
        if response.closesConnection {
            state = .closing
            for dropped in slots {
                slotCharges -= dropped.charge
                slotRequestBytes -= dropped.requestBytes
            }
            slots.removeAll()
        }
        // While draining, the answer with nothing behind it is the last one.
        if drainDeadline != nil, slots.isEmpty, !parser.hasPartialRequest { state = .closing }
        let last = isClosing && slots.isEmpty
        let framing: [UInt8] = last ? OutgoingResponse.close : slot.isHTTP10 ? OutgoingResponse.keepAlive : OutgoingResponse.plain
        if response.status.code == 429, !response.closesConnection {
            pausedUntil = now.advanced(by: policy.tooManyRequestsPause)
        }
        let sendsBody = slot.sendsBody
        // The write clock runs from when there is something to write.
        if output.isEmpty { lastWriteProgress = now }
        output.append(OutgoingResponse(
            head: response.head, date: date, framing: framing, body: sendsBody ? response.body : [], reservation: response.reservation))
        return Completion(
            request: slot.request.take(), status: response.status.code, bodyBytes: sendsBody ? response.body.count : 0,
            started: slot.started, note: slot.note)
    }

    /// With nothing owed and nothing queued (and `.responding` already back to `.reading`):
    /// whether the connection is to close or linger now.
    private var finishPending: Bool {
        switch state {
        case .reading: drainDeadline != nil && !parser.hasPartialRequest
        case .closing: true
        default: false
        }
    }

    /// Closes (or lingers, when our side is to shut first): `finishPending` holds.
    private mutating func finish(now: Instant) -> Action? {
        if case .closing = state, !inputClosed {
            let linger = drainDeadline == nil ? policy.lingerTimeout : policy.drainLingerTimeout
            state = .lingering(until: now.advanced(by: linger))
            return .shutdownWrite
        }
        state = .closed
        return nextAction(now: now, date: [])
    }

    /// The epoll interest the connection needs now, nil once closed.
    private var wantedInterest: (read: Bool, write: Bool)? {
        switch state {
        case .lingering:
            (true, false)
        case .reading, .responding:
            (!inputClosed && canDispatch && heldInputBytes < policy.maxBufferedInput, writeBlocked && !output.isEmpty)
        case .closing:
            (false, writeBlocked && !output.isEmpty)
        case .closed:
            nil
        }
    }
}
