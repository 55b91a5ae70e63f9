import Foundation
import Testing

@Suite("live start-up with the variables Kubernetes injects")
struct LivePlatformVariableTests {
    /// Services `monogram` (8080) and `monogram-metrics` (9100), as a pod sees them.
    static let serviceLinks = [
        "MONOGRAM_SERVICE_HOST": "10.96.0.12", "MONOGRAM_SERVICE_PORT": "8080", "MONOGRAM_SERVICE_PORT_HTTP": "8080",
        "MONOGRAM_PORT": "tcp://10.96.0.12:8080", "MONOGRAM_PORT_8080_TCP": "tcp://10.96.0.12:8080",
        "MONOGRAM_PORT_8080_TCP_PROTO": "tcp", "MONOGRAM_PORT_8080_TCP_PORT": "8080",
        "MONOGRAM_PORT_8080_TCP_ADDR": "10.96.0.12", "MONOGRAM_METRICS_PORT": "tcp://10.96.0.13:9100",
        "MONOGRAM_METRICS_SERVICE_HOST": "10.96.0.13", "MONOGRAM_METRICS_PORT_9100_TCP_ADDR": "10.96.0.13",
    ]

    @Test("the service starts, serves on the main port, and names the ignored variables once")
    func startsWithServiceLinks() throws {
        let server = try MonogramProcess(environment: Self.serviceLinks)
        let client = try RawClient(port: server.port)
        #expect(try client.get("/healthz").status == 200)
        // MONOGRAM_METRICS_PORT=tcp://… did not move /metrics to another port.
        #expect(try client.get("/metrics").status == 200)
        let lines = server.stdoutText.split(separator: "\n").filter { $0.contains("ignoring service-link variables") }
        #expect(lines.count == 1)
        #expect(lines.first?.hasSuffix(Self.serviceLinks.keys.sorted().joined(separator: ", ")) == true)
        #expect(server.stop() == 0)
    }

    @Test("an unknown MONOGRAM_ variable beside them still stops start-up with status 1")
    func unknownStillFails() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MonogramProcess.binaryPath)
        process.arguments = ["--port", "0"]
        process.environment = Self.serviceLinks.merging(["MONOGRAM_COLOUR": "red"]) { $1 }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text.contains("MONOGRAM_COLOUR: unknown environment variable"))
        #expect(!text.contains("MONOGRAM_PORT"))
    }
}
