extension EventLoop {
    /// Enforces the read-header, idle, write and lingering deadlines. Runs every 100 ms, so
    /// deadlines are honoured to within that.
    func sweep() {
        for case let connection? in connections {
            if case let .lingering(until) = connection.phase {
                if now >= until { closeConnection(connection) }
                continue
            }
            if connection.pendingOutput > 0 {
                if now &- connection.lastWriteProgress > timeouts.write { closeConnection(connection) }
                continue
            }
            guard connection.slots.isEmpty else { continue }
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
