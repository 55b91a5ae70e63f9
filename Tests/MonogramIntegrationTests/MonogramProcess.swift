import Foundation
import MonogramSync

/// The real `monogram` executable, started on an ephemeral port with a temporary config.
final class MonogramProcess: Sendable {
    let process: Process
    let port: Int
    let configPath: String
    private let output: OutputCollector

    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    /// `config` is merged over a small test configuration (JSON object syntax by section).
    init(config: [String: [String: any Sendable]] = [:], environment: [String: String] = [:], arguments: [String] = []) throws {
        var sections: [String: [String: Any]] = [
            "server": ["host": "127.0.0.1", "port": 0, "shutdown_grace": 5],
            "render": ["masks_dir": MonogramProcess.packageRoot + "/config/masks", "workers": 2],
        ]
        for (section, keys) in config {
            for (key, value) in keys { sections[section, default: [:]][key] = value }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configURL = directory.appendingPathComponent("monogram.json")
        try JSONSerialization.data(withJSONObject: sections, options: [.prettyPrinted]).write(to: configURL)
        configPath = configURL.path

        let process = Process()
        process.executableURL = URL(fileURLWithPath: MonogramProcess.binaryPath)
        process.arguments = ["--config", configURL.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MONOGRAM_") }.merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let collector = OutputCollector()
        stdout.fileHandleForReading.readabilityHandler = { handle in collector.append(handle.availableData, error: false) }
        stderr.fileHandleForReading.readabilityHandler = { handle in collector.append(handle.availableData, error: true) }
        try process.run()
        self.process = process
        self.output = collector
        guard let port = collector.waitForPort(process: process) else {
            process.terminate()
            throw StartError(description: "monogram did not start: \(collector.text)")
        }
        self.port = port
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    var stdoutText: String { output.text }

    /// Blocks until `condition` holds after some child's output arrived, or 20 s pass; the
    /// result is the condition's. Access-log lines are written after the response, so a test
    /// that reads them waits for them this way rather than sleeping.
    static func waitForOutput(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        OutputCollector.arrived.lock()
        defer { OutputCollector.arrived.unlock() }
        while !condition() {
            if !OutputCollector.arrived.wait(until: deadline) { return condition() }
        }
        return true
    }

    /// Sends a signal and waits for the exit status.
    func stop(signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// Next to the test bundle in `.build/<triple>/debug`, unless MONOGRAM_BINARY says otherwise.
    static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["MONOGRAM_BINARY"] { return path }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("monogram").path
    }
}

/// Collects the child's output from Foundation's reader threads; readiness is the
/// "listening on" line, never a sleep.
final class OutputCollector: Sendable {
    private let state = Locked<(text: String, port: Int?)>(("", nil))
    private let ready = DispatchSemaphore(value: 0)
    /// Broadcast after any collector appends output (see `MonogramProcess.waitForOutput`).
    static let arrived = NSCondition()

    func append(_ data: Data, error: Bool) {
        guard !data.isEmpty else {
            ready.signal()
            return
        }
        let chunk = String(decoding: data, as: UTF8.self)
        let signal = state.withLock { state -> Bool in
            state.text += chunk
            guard state.port == nil, let range = state.text.range(of: "listening on http://") else { return error }
            let rest = state.text[range.upperBound...]
            guard let line = rest.split(separator: "\n").first, rest.contains("\n"),
                let colon = line.lastIndex(of: ":"), let port = Int(line[line.index(after: colon)...].prefix(while: \.isNumber))
            else { return error }
            state.port = port
            return true
        }
        if signal { ready.signal() }
        OutputCollector.arrived.lock()
        OutputCollector.arrived.broadcast()
        OutputCollector.arrived.unlock()
    }

    func waitForPort(process: Process) -> Int? {
        while true {
            if let port = state.withLock({ $0.port }) { return port }
            if !process.isRunning { return nil }
            if ready.wait(timeout: .now() + 30) == .timedOut { return nil }
        }
    }

    var text: String { state.withLock { $0.text } }
}
