import CSystem

extension EventLoop {
    /// Every deadline of every connection, to within the sweep interval; and memory back to
    /// the system once clients have left (glibc keeps freed arenas otherwise).
    func sweep() {
        var oldest = Eviction.allCases.map { _ in Int64.max }
        for case let connection? in connections {
            // Write progress as the peer acknowledges bytes (one ioctl, only while some are
            // outstanding): epoll's writable report comes too rarely to judge a slow reader.
            if connection.machine.awaitsAcknowledgement {
                connection.machine.acknowledged(unacknowledged: connection.socket.unacknowledgedBytes, now: now)
            }
            connection.machine.tick(now: now)
            drive(connection)
            for kind in Eviction.allCases {
                if let since = connection.machine.evictableSince(kind, now: now) { oldest[kind.rawValue] = min(oldest[kind.rawValue], since.nanoseconds) }
            }
        }
        shared.publishOldest(loop: index, since: oldest)
        if closedSinceTrim > 0, lastTrim.duration(to: now) >= EventLoop.trimInterval {
            closedSinceTrim = 0
            lastTrim = now
            csystem_malloc_trim()
        }
    }

    /// Graceful shutdown starts: take the connections the kernel has completed and the bytes
    /// already received (requests already sent count as in flight), stop accepting, and let
    /// each connection finish what it owes.
    func beginDrain(deadline: LoopInstant) {
        pendingDrain = nil
        drainDeadline = deadline
        acceptAll()
        if let listener {
            _ = csystem_epoll_del(epoll, listener.descriptor)
            self.listener = nil
            shared.loopStoppedAccepting(listener)
        }
        for case let connection? in connections {
            if case .reading = connection.machine.state { read(connection) }
            connection.machine.drain(deadline: deadline, now: now)
            drive(connection)
        }
    }
}
