import CSystem
import Glibc
import Synchronization

extension EventLoop {
    func acceptAll() {
        while let listener, let fd = listener.accept() {
            let limit = configuration.maxConnections
            if counters.open.load(ordering: .relaxed) >= limit {
                counters.rejected.add(1, ordering: .relaxed)
                rejectOverLimit(fd)
                continue
            }
            counters.open.add(1, ordering: .relaxed)
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            let id = counters.nextConnectionID.add(1, ordering: .relaxed).newValue
            let connection = Connection(
                descriptor: fd, id: id, peer: SocketAddress.peerHost(of: fd),
                parser: HTTPParser(limits: configuration.parserLimits), now: now)
            if Int(fd) >= connections.count {
                connections.append(contentsOf: repeatElement(nil, count: Int(fd) + 1 - connections.count + 64))
            }
            connections[Int(fd)] = connection
            connectionCount += 1
            updateInterest(connection)
        }
    }

    /// Over the connection limit: one best-effort 503 and close, never a queue (RFC 9110 §15.6.4).
    private func rejectOverLimit(_ fd: Int32) {
        let response = HTTPResponse.error(.serviceUnavailable, "too many connections, retry shortly", extraHeaders: [("Retry-After", "1")], closesConnection: true)
        var bytes = response.head
        bytes += date.current()
        bytes += Array("Connection: close\r\n\r\n".utf8)
        bytes += response.body
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(fd)
    }

    func readable(_ connection: Connection) {
        let count = read(connection.descriptor, readBuffer.baseAddress, readBuffer.count)
        if count < 0 {
            if errno == EAGAIN || errno == EINTR { return }
            closeConnection(connection)
            return
        }
        if case .lingering = connection.phase {
            if count == 0 { closeConnection(connection) }
            return
        }
        if count == 0 {
            // Half-closed: requests already buffered are still answered (see parseAndDispatch).
            connection.peerClosedInput = true
        } else {
            connection.lastActivity = now
            let wasPartial = connection.parser.hasPartialRequest
            connection.parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
            if !wasPartial, connection.headStarted == nil { connection.headStarted = now }
        }
        drive(connection)
    }

    func closeConnection(_ connection: Connection) {
        let fd = Int(connection.descriptor)
        guard fd < connections.count, connections[fd] === connection else { return }
        _ = csystem_epoll_del(epoll, connection.descriptor)
        close(connection.descriptor)
        connections[fd] = nil
        connectionCount -= 1
        counters.open.subtract(1, ordering: .relaxed)
    }

    /// Shut our side and keep reading briefly, so the peer receives the last response before
    /// the kernel would answer its unread bytes with a reset.
    func beginLingeringClose(_ connection: Connection) {
        if connection.peerClosedInput {
            closeConnection(connection)
            return
        }
        shutdown(connection.descriptor, Int32(SHUT_WR))
        // Shorter while draining: shutdown must not wait on clients that keep sockets open.
        let linger: UInt64 = drainDeadline == nil ? 2_000_000_000 : 200_000_000
        connection.phase = .lingering(until: now + linger)
        updateInterest(connection)
    }

    func updateInterest(_ connection: Connection) {
        var events: UInt32 = 0
        switch connection.phase {
        case .lingering:
            events = UInt32(EPOLLIN.rawValue)
        case .open:
            if wantsToRead(connection) { events |= UInt32(EPOLLIN.rawValue) }
            if connection.pendingOutput > 0 { events |= UInt32(EPOLLOUT.rawValue) }
        }
        let fd = connection.descriptor
        if !connection.registered {
            _ = csystem_epoll_add(epoll, fd, events, UInt64(fd))
            connection.registered = true
        } else if events != connection.registeredEvents {
            _ = csystem_epoll_mod(epoll, fd, events, UInt64(fd))
        }
        connection.registeredEvents = events
    }

    private func wantsToRead(_ connection: Connection) -> Bool {
        !connection.closeAfterFlush && !connection.peerClosedInput
            && connection.slots.count < configuration.maxPipelinedRequests
            && connection.pendingOutput < configuration.maxBufferedOutput
            && connection.parser.bufferedByteCount < readBuffer.count
    }
}
