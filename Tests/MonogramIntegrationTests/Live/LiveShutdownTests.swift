import Foundation
import Testing

/// Graceful shutdown and the listening port as an operator sees them (issues 11 and 12).
@Suite("live shutdown and port ownership")
struct LiveShutdownTests {
    @Test("64 connections with half-sent heads at SIGTERM each get an answer with Connection: close once they finish the head")
    func halfSentHeadsAnswered() throws {
        let server = try MonogramProcess()
        let port = server.port
        let clients = try (0..<64).map { index in
            let client = try RawClient(port: port)
            try client.send("GET /avatar/Half\(index)?size=32 HTTP/1.1\r\nHost: t\r\nX-Part: ")
            return client
        }
        kill(server.process.processIdentifier, SIGTERM)
        // The drain has begun once the listener refuses connections.
        #expect(eventually(within: 10) { (try? RawClient(port: port)) == nil })
        for client in clients { try client.send("done\r\n\r\n") }
        let answers = clients.map { client in (try? client.readResponse()).map { ($0.status, $0.header("Connection")) } }
        #expect(answers.filter { $0?.0 == 200 && $0?.1 == "close" }.count == 64, "\(answers.filter { $0 == nil }.count) got no answer")
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    @Test("with server.drain_delay, /healthz says 503 from SIGTERM on while requests are still served, then the process exits 0")
    func drainDelay() throws {
        let server = try MonogramProcess(config: ["server": ["drain_delay": 5]])
        let port = server.port
        let kept = try RawClient(port: port)
        #expect(try kept.get("/healthz").status == 200)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(eventually(within: 5) { (try? RawClient(port: port).get("/healthz").status) == 503 })
        let health = try RawClient(port: port).get("/healthz")
        #expect(health.status == 503)
        #expect(health.header("X-Content-Type-Options") == "nosniff")
        #expect(try RawClient(port: port).get("/avatar/Still%20Here?size=32").status == 200, "the listener is still open")
        #expect(try kept.get("/healthz").status == 503, "and so are the connections")
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    @Test("a second Monogram on a port the first holds exits 2 with a message; the first keeps serving")
    func secondInstanceRefused() throws {
        let first = try MonogramProcess()
        let (status, output) = try MonogramProcess.runToExit(port: first.port)
        #expect(status == 2)
        #expect(output.contains("cannot listen on 127.0.0.1:\(first.port)"), "\(output)")
        #expect(output.contains("in use"), "\(output)")
        #expect(try RawClient(port: first.port).get("/healthz").status == 200)
    }

    @Test("a port another process listens on is exit status 2")
    func foreignListenerRefused() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        #expect(bound)
        let (status, output) = try MonogramProcess.runToExit(port: Int(UInt16(bigEndian: address.sin_port)))
        #expect(status == 2, "\(output)")
    }
}

extension MonogramProcess {
    /// Runs the binary with the test configuration on `port` until it exits (it is expected not
    /// to start); returns the exit status and everything it wrote.
    static func runToExit(port: Int) throws -> (Int32, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("monogram.json")
        let sections: [String: Any] = [
            "server": ["host": "127.0.0.1", "port": port],
            "render": ["masks_dir": packageRoot + "/config/masks", "workers": 1],
        ]
        try JSONSerialization.data(withJSONObject: sections).write(to: config)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaryPath)
        process.arguments = ["--config", config.path]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MONOGRAM_") }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        var text = ""
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            // It started after all (the bug this guards against): stop it rather than hang.
            if text.contains("listening on") { process.terminate() }
        }
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
