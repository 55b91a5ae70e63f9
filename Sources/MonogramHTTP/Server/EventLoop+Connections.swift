import CSystem
import Glibc
import Synchronization

extension EventLoop {
    func acceptAll() {
        while let listener, let fd = listener.accept() {
            let socket = ConnectionSocket(descriptor: fd, epoll: epoll)
            let peer = socket.peerHost
            let client = clientConnections?.classify(peer)
            if let client, let clientConnections, let refusal = clientConnections.open(client) {
                shared.rejected.add(1, ordering: .relaxed)
                refuse(socket, .tooManyRequests, refusal.reason)
                continue
            }
            // A slot taken atomically: two loops accepting at once cannot both take the last one.
            let room = shared.reserveSlot(limit: configuration.maxConnections) ? Room.free : makeRoom()
            if case .full = room {
                if let client { clientConnections?.close(client) }
                shared.rejected.add(1, ordering: .relaxed)
                refuse(socket, .serviceUnavailable, "too many connections, retry shortly")
                continue
            }
            // A slot made by closing another connection: counted now, freed when that one goes.
            if case .free = room {} else { shared.open.add(1, ordering: .relaxed) }
            let id = shared.nextConnectionID.add(1, ordering: .relaxed).newValue
            var machine = LoopConnection.Machine(policy: policy, parserLimits: configuration.parserLimits, now: now)
            if let drainDeadline { machine.drain(deadline: drainDeadline, now: now) }
            let connection = LoopConnection(id: id, socket: socket, peer: peer, client: client, machine: machine)
            if case let .elsewhere(loop, kind) = room {
                // Held, unread, until that loop says whether it closed one.
                awaitingRoom[id] = connection
                peers[loop].post(.evict(kind, from: index, id: id))
                continue
            }
            admit(connection)
        }
    }

    /// Starts serving an accepted connection.
    func admit(_ connection: LoopConnection) {
        let fd = Int(connection.descriptor)
        if fd >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: fd + 1 - connections.count + 64))
        }
        connections[fd] = connection
        connectionCount += 1
        drive(connection)
    }

    /// The other loop had no such connection left after all: refused as if none had been seen.
    func refuseAwaiting(_ connection: LoopConnection) {
        shared.open.subtract(1, ordering: .relaxed)
        shared.evicted.subtract(1, ordering: .relaxed)
        shared.rejected.add(1, ordering: .relaxed)
        if let client = connection.client { clientConnections?.close(client) }
        let response = policy.errorResponse(.serviceUnavailable, "too many connections, retry shortly", extraHeaders: [("Retry-After", "1")])
        connection.socket.sendOnce(response.head + dateLine + OutgoingResponse.close + response.body)
    }

    /// Over a connection limit: one best-effort answer and close, never a queue (RFC 9110
    /// §15.6.4); 503 when the server is full, 429 when this client holds its share.
    private func refuse(_ socket: consuming ConnectionSocket, _ status: HTTPStatus, _ reason: String) {
        let response = policy.errorResponse(status, reason, extraHeaders: [("Retry-After", "1")])
        socket.sendOnce(response.head + dateLine + OutgoingResponse.close + response.body)
    }

    /// Where a new client's slot comes from.
    enum Room {
        /// Under `max_connections`.
        case free
        /// A connection of this loop was closed for it.
        case made
        /// Another loop's connection of that kind is older: that loop is asked to close it.
        case elsewhere(Int, Eviction)
        /// No connection anywhere is idle or a slow head.
        case full
    }

    /// The server is full and a new client knocks: rather than refuse it, close the keep-alive
    /// connection that has been idle the longest, if for more than a quarter of
    /// `idle_timeout` (an idle connection costs its client nothing to reopen; a refused one
    /// costs the new client its request); else the oldest head still arriving slowly (what
    /// trickling heads hold, an honest client does not); else any idle keep-alive, longest
    /// first (`Eviction`) — here, or in the loop whose last sweep found an older one, which is
    /// asked to close it while the new client waits.
    private func makeRoom() -> Room {
        for kind in Eviction.allCases {
            let local = oldest(kind)
            if let other = shared.claimOldest(kind, besides: index, olderThan: local?.since.nanoseconds ?? .max) {
                shared.evicted.add(1, ordering: .relaxed)
                return .elsewhere(other, kind)
            }
            if let local, local.connection.machine.evict(kind, now: now) {
                drive(local.connection)
                shared.evicted.add(1, ordering: .relaxed)
                return .made
            }
        }
        return .full
    }

    /// This loop's oldest connection of `kind`, if any. One whose next bytes have arrived but
    /// not been read yet may not be idle, or its head may be complete: it is read now (and so
    /// perhaps busy), and the next oldest considered, a few times at most.
    func oldest(_ kind: Eviction) -> (connection: LoopConnection, since: LoopInstant)? {
        for _ in 0..<8 {
            guard let oldest = oldestAsSwept(kind) else { return nil }
            if oldest.connection.socket.unreadBytes <= 0 { return oldest }
            read(oldest.connection)
            drive(oldest.connection)
        }
        return nil
    }

    private func oldestAsSwept(_ kind: Eviction) -> (connection: LoopConnection, since: LoopInstant)? {
        var oldest: (connection: LoopConnection, since: LoopInstant)?
        for case let connection? in connections {
            // Answered since the last sweep: whether it is idle yet depends on what the peer
            // has acknowledged, so ask now rather than pass over it.
            if kind != .slowHead, connection.machine.awaitsAcknowledgement, connection.machine.output.isEmpty {
                connection.machine.acknowledged(unacknowledged: connection.socket.unacknowledgedBytes, now: now)
            }
            if let since = connection.machine.evictableSince(kind, now: now), oldest.map({ since < $0.since }) ?? true {
                oldest = (connection, since)
            }
        }
        return oldest
    }

    /// Asked by another loop (`makeRoom`): closes this loop's oldest connection of `kind`, if
    /// one is still so; whether it did.
    func evictOldest(_ kind: Eviction) -> Bool {
        guard let oldest = oldest(kind), oldest.connection.machine.evict(kind, now: now) else { return false }
        drive(oldest.connection)
        return true
    }

    func read(_ connection: LoopConnection) {
        // Never more than the connection may hold: its unparsed input is a hard bound.
        let buffer = UnsafeMutableRawBufferPointer(rebasing: readBuffer[0..<min(readBuffer.count, connection.machine.readAllowance)])
        switch connection.socket.read(into: buffer) {
        case .bytes(let count):
            connection.machine.received(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), now: now)
        case .endOfInput:
            connection.machine.peerClosed()
        case .wouldBlock:
            break
        case .failed:
            connection.machine.failed()
        }
    }

    /// Carries out the machine's actions until it waits for an event.
    func drive(_ connection: LoopConnection) {
        // One access to the machine for the whole run (not one exclusivity check per call).
        perform(&connection.machine, on: connection)
    }

    private func perform(_ machine: inout LoopConnection.Machine, on connection: LoopConnection) {
        defer {
            let queued = machine.isClosed ? 0 : machine.queuedBytes
            if queued != connection.countedQueuedBytes {
                shared.queuedOutput.add(queued - connection.countedQueuedBytes, ordering: .relaxed)
                connection.countedQueuedBytes = queued
            }
        }
        while let action = machine.nextAction(now: now, date: dateLine) {
            switch action {
            case let .dispatch(head, sequence):
                let responder = HTTPResponder(mailbox: mailbox, descriptor: connection.descriptor, connectionID: connection.id, sequence: sequence)
                let context = HTTPRequestContext(peer: connection.peer, draining: shared.isDraining)
                if case let .respond(response, note) = handler.handle(head, context: context, responder: responder) {
                    machine.ready(sequence: sequence, response: response, note: note)
                }
            case .write:
                switch connection.socket.write(machine.output.pending, storage: writeVectors) {
                case .wroteAll(let count):
                    machine.wrote(count, now: now)
                case .wrotePart(let count):
                    machine.wrote(count, now: now)
                    machine.writeWouldBlock()
                case .wouldBlock:
                    machine.writeWouldBlock()
                case .failed:
                    machine.failed()
                }
            case let .interest(read, write):
                connection.socket.setInterest(read: read, write: write)
            case .shutdownWrite:
                connection.socket.shutdownWrite()
            case .close:
                remove(connection)
            case .log(let completion):
                log(completion, peer: connection.peer)
            }
        }
    }

    /// Drops the connection; the socket's `deinit` deregisters and closes the descriptor.
    func remove(_ connection: LoopConnection) {
        let fd = Int(connection.descriptor)
        guard fd < connections.count, connections[fd] === connection else { return }
        connections[fd] = nil
        if let client = connection.client { clientConnections?.close(client) }
        connectionCount -= 1
        closedSinceTrim += 1
        shared.open.subtract(1, ordering: .relaxed)
    }

    private func log(_ completion: LoopConnection.Machine.Completion, peer: String) {
        let record = HTTPAccessRecord(
            request: completion.request, peer: peer, status: completion.status, bodyBytes: completion.bodyBytes,
            durationMicroseconds: completion.started.microseconds(to: now), note: completion.note)
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
}
