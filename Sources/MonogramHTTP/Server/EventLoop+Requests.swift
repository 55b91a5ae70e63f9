import CSystem
import Glibc

extension EventLoop {
    /// Moves a connection forward as far as it can: parse and dispatch buffered requests,
    /// serialize finished responses in order, write, and close when done.
    func drive(_ connection: Connection) {
        guard case .open = connection.phase else { return }
        while true {
            let blocked = !canDispatch(connection)
            let dispatched = parseAndDispatch(connection)
            serializeReady(connection)
            guard writeOutput(connection) else { return }
            if connection.pendingOutput > 0 || connection.closeAfterFlush { break }
            // Parsing stopped on backpressure that writing has just relieved: parse on, or
            // requests already buffered would wait with no event left to wake us (reading
            // stays paused while the parser holds a full buffer).
            if dispatched == 0 && !(blocked && canDispatch(connection)) { break }
        }
        if connection.closeAfterFlush && connection.slots.isEmpty && connection.pendingOutput == 0 {
            beginLingeringClose(connection)
            return
        }
        updateInterest(connection)
    }

    /// Whether another request may be taken: below the pipelining and output bounds.
    private func canDispatch(_ connection: Connection) -> Bool {
        !connection.closeAfterFlush
            && connection.slots.count < configuration.maxPipelinedRequests
            && connection.pendingOutput < configuration.maxBufferedOutput
    }

    private func parseAndDispatch(_ connection: Connection) -> Int {
        var dispatched = 0
        while canDispatch(connection) {
            let head: HTTPRequestHead
            do {
                guard let parsed = try connection.parser.next() else {
                    // The peer sent its last byte: after what is complete, nothing more comes.
                    if connection.peerClosedInput { connection.closeAfterFlush = true }
                    break
                }
                head = parsed
            } catch {
                failConnection(connection, with: HTTPResponse.error(error.status, error.reason, closesConnection: true))
                break
            }
            dispatched += 1
            let sequence = connection.nextSequence
            connection.nextSequence += 1
            connection.slots.append(Connection.Slot(sequence: sequence, request: head, started: now))
            if !head.keepAlive || drainDeadline != nil { connection.closeAfterFlush = true }
            let responder = HTTPResponder(mailbox: mailbox, descriptor: connection.descriptor, connectionID: connection.id, sequence: sequence)
            let context = HTTPRequestContext(peer: connection.peer)
            if case let .respond(response, note) = handler.handle(head, context: context, responder: responder) {
                connection.slots[connection.slots.count - 1].response = response
                connection.slots[connection.slots.count - 1].note = note
            }
        }
        // The read-header clock times the head being received now: a head that completed
        // restarts it for the partial one behind it (pipelining must not age into a 408).
        if !connection.parser.hasPartialRequest {
            connection.headStarted = nil
        } else if dispatched > 0 || connection.headStarted == nil {
            connection.headStarted = now
        }
        return dispatched
    }

    /// Queues a final error answer (after any responses still owed) and stops reading.
    func failConnection(_ connection: Connection, with response: HTTPResponse) {
        var slot = Connection.Slot(sequence: connection.nextSequence, request: nil, started: now)
        connection.nextSequence += 1
        slot.response = response
        connection.slots.append(slot)
        connection.closeAfterFlush = true
    }

    private func serializeReady(_ connection: Connection) {
        while let slot = connection.slots.first, let response = slot.response {
            connection.slots.removeFirst()
            if response.closesConnection {
                connection.closeAfterFlush = true
                connection.slots.removeAll()
            }
            let last = connection.closeAfterFlush && connection.slots.isEmpty
            connection.output.append(contentsOf: response.head)
            connection.output.append(contentsOf: date.current())
            if last {
                connection.output.append(contentsOf: EventLoop.connectionClose)
            } else if let request = slot.request, request.version.minor == 0 {
                connection.output.append(contentsOf: EventLoop.connectionKeepAlive)
            }
            connection.output.append(contentsOf: EventLoop.crlf)
            let sendsBody = slot.request?.method != .head
            if sendsBody { connection.output.append(contentsOf: response.body) }
            log(slot, response: response, peer: connection.peer)
        }
    }

    /// Returns false when the connection was closed.
    private func writeOutput(_ connection: Connection) -> Bool {
        while connection.pendingOutput > 0 {
            let written = connection.output.withUnsafeBytes { bytes in
                send(connection.descriptor, bytes.baseAddress! + connection.outputOffset, connection.pendingOutput, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                connection.outputOffset += written
                connection.lastWriteProgress = now
            } else if written < 0 && (errno == EAGAIN || errno == EINTR) {
                break
            } else {
                closeConnection(connection)
                return false
            }
        }
        if connection.pendingOutput == 0 {
            // Keep a modest buffer for the next response; drop one grown by a huge burst.
            if connection.output.capacity > 262_144 {
                connection.output = []
            } else {
                connection.output.removeAll(keepingCapacity: true)
            }
            connection.outputOffset = 0
        }
        return true
    }

    private func log(_ slot: Connection.Slot, response: HTTPResponse, peer: String) {
        let record = HTTPAccessRecord(
            request: slot.request, peer: peer, status: response.status.code,
            bodyBytes: slot.request?.method == .head ? 0 : response.body.count,
            durationMicroseconds: Int((now &- slot.started) / 1000), note: slot.note)
        guard let line = handler.accessLogLine(record) else { return }
        logBuffer.append(contentsOf: line.utf8)
        logBuffer.append(UInt8(ascii: "\n"))
        if logBuffer.count > 65536 { flushLog() }
    }

    /// One write per loop turn for all access-log lines, rather than one per request.
    func flushLog() {
        guard !logBuffer.isEmpty else { return }
        logBuffer.withUnsafeBytes { FileDescriptor.writeAll(STDOUT_FILENO, $0) }
        logBuffer.removeAll(keepingCapacity: true)
    }

    static let connectionClose = Array("Connection: close\r\n".utf8)
    static let connectionKeepAlive = Array("Connection: keep-alive\r\n".utf8)
    static let crlf = Array("\r\n".utf8)
}
