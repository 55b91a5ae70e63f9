extension EventLoop {
    /// Enforces the read-header, idle, write and lingering deadlines. Runs every 100 ms, so
    /// deadlines are honoured to within that.
    func sweep() {
        for case let connection? in connections {
            if case let .lingering(until) = connection.phase {
                if now >= until { closeConnection(connection) }
                continue
            }
            // While we owe responses the client is not the one keeping us waiting: the
            // read-header clock of a partial head restarts once we are done.
            if connection.pendingOutput > 0 {
                if now &- connection.lastWriteProgress > timeouts.write { closeConnection(connection) }
                if connection.headStarted != nil { connection.headStarted = now }
                continue
            }
            guard connection.slots.isEmpty else {
                if connection.headStarted != nil { connection.headStarted = now }
                continue
            }
            if let started = connection.headStarted, connection.parser.hasPartialRequest {
                if now &- started > timeouts.readHeader {
                    failConnection(connection, with: HTTPResponse.error(.requestTimeout, "request head did not arrive in time", closesConnection: true))
                    drive(connection)
                }
            } else if now &- connection.lastActivity > timeouts.idle || drainDeadline != nil {
                closeConnection(connection)
            }
        }
    }
}
