import Foundation
import Testing

/// Issue 21 item 6 with the real binary: a signal or a file mistake never takes the service
/// down unexpectedly, and a configuration mistake stops it at once with one line naming it.
@Suite("live operations that forgive")
struct LiveForgivingOperationsTests {
    /// Runs the binary to its end with `arguments` from `folder`; its exit status and stderr.
    func run(_ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MonogramProcess.binaryPath)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MONOGRAM_") }
        if let folder { process.currentDirectoryURL = folder }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-ops-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("SIGHUP without gravatar.directory is logged and the server keeps answering")
    func hangupWithoutDirectory() throws {
        let server = try MonogramProcess()
        // One at a time: signals sent together may be delivered as one.
        for count in 1...3 {
            kill(server.process.processIdentifier, SIGHUP)
            #expect(MonogramProcess.waitForOutput {
                server.stdoutText.components(separatedBy: "SIGHUP: nothing to reload (no gravatar.directory)").count == count + 1
            })
        }
        #expect(try RawClient(port: server.port).get("/healthz").status == 200)
        #expect(server.process.isRunning)
        #expect(server.stop() == 0)
    }

    @Test("a trailing comma or a repeated key in the file stops start-up with one line naming the key", arguments: [
        ("{\"server\": {\"port\": 0,}}", "line 1: trailing comma after server.port (JSON allows none)"),
        ("{\"server\": {\"port\": 0, \"port\": 1}}", "line 1: duplicate key server.port (each key may appear once)"),
    ])
    func strictFile(_ json: String, _ problem: String) throws {
        let file = try folder().appendingPathComponent("monogram.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        let (status, stderr) = try run(["--config", file.path])
        #expect(status == 1)
        #expect(stderr == "monogram: error: invalid configuration: config file \"\(file.path)\": \(problem)\n")
    }

    @Test("a relative masks_dir is found next to the config file, whatever the working directory")
    func relativeMasks() throws {
        let folder = try folder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shapes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: MonogramProcess.packageRoot + "/config/masks/hexagon.png", toPath: folder.appendingPathComponent("shapes/hexagon.png").path)
        let file = folder.appendingPathComponent("monogram.json")
        try #"{"server": {"host": "127.0.0.1", "port": 0}, "render": {"masks_dir": "shapes", "workers": 1}}"#.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MonogramProcess.binaryPath)
        process.arguments = ["--config", file.path]
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MONOGRAM_") }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        // The listening line; the memory line may come in the same read.
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).split(separator: "\n").first ?? ""
        let port = try #require(line.split(separator: ":").last.flatMap { Int($0.prefix(while: \.isNumber)) }, "\(line)")
        let client = try RawClient(port: port)
        #expect(try client.get("/avatar/Ann?shape=hexagon").status == 200)
        #expect(try client.get("/avatar/Ann?shape=squircle").status == 400)
    }

    @Test("a missing masks folder stops start-up with one line naming the resolved path")
    func missingMasks() throws {
        let folder = try folder()
        let file = folder.appendingPathComponent("monogram.json")
        try #"{"server": {"port": 0}, "render": {"masks_dir": "nowhere"}}"#.write(to: file, atomically: true, encoding: .utf8)
        let line = "monogram: error: invalid configuration: render.masks_dir: \(folder.path)/nowhere: No such file or directory\n"
        let (status, stderr) = try run(["--config", file.path], in: URL(fileURLWithPath: "/"))
        #expect(status == 1)
        #expect(stderr == line)
        // monogram render draws as the server would, so it needs the masks too.
        let output = folder.appendingPathComponent("a.png").path
        let rendered = try run(["render", "Ann", "--config", file.path, "-o", output], in: URL(fileURLWithPath: "/"))
        #expect(rendered.status == 1 && rendered.stderr == line)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("a FIFO as gravatar.directory is refused with a log line; the server answers")
    func fifoDirectory() throws {
        let path = try folder().appendingPathComponent("people.csv").path
        #expect(mkfifo(path, 0o600) == 0)
        let server = try MonogramProcess(config: ["gravatar": ["directory": path]])
        #expect(server.stdoutText.contains("is not a regular file"))
        #expect(try RawClient(port: server.port).get("/gravatar/0bc83cb571cd1c50ba6f3e8a78ef1346?d=404").status == 404)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(MonogramProcess.waitForOutput { server.stdoutText.components(separatedBy: "is not a regular file").count == 3 })
        #expect(try RawClient(port: server.port).get("/healthz").status == 200)
    }

    @Test("/gravatar: initials and name holding '|' are different requests with different answers")
    func gravatarKeysDoNotCollide() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let hash = "0bc83cb571cd1c50ba6f3e8a78ef1346"
        let one = try client.get("/gravatar/\(hash)?d=initials&initials=X%7CY&name=Z")
        let two = try client.get("/gravatar/\(hash)?d=initials&initials=X&name=Y%7CZ")
        #expect(one.status == 200 && two.status == 200)
        #expect(one.header("ETag") != two.header("ETag"))
        #expect(one.body != two.body)
        // Asked again, each gets its own answer back (from the cache now).
        #expect(try client.get("/gravatar/\(hash)?d=initials&initials=X&name=Y%7CZ").body == two.body)
        #expect(try client.get("/gravatar/\(hash)?d=initials&initials=X%7CY&name=Z").header("ETag") == one.header("ETag"))
    }

    @Test("/metrics: the memory bound of the configuration, and server errors apart from a client's 505")
    func alertMetrics() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        let before = try PrometheusText(try client.get("/metrics").text)
        // The README's formula for the running configuration, as the start-up line states it
        // ("bound N MiB", rounded up to whole MiB): the gauge the alert compares against.
        #expect(MonogramProcess.waitForOutput { server.stdoutText.contains(" MiB (work memory") })
        let logged = try #require(server.stdoutText.firstMatch(of: /bound (\d+) MiB/))
        let bound = try #require(before.value("monogram_memory_bound_bytes"))
        #expect(bound > Double(256 << 20))
        #expect(Int((bound / Double(1 << 20)).rounded(.up)) == Int(logged.1))
        let scanner = try RawClient(port: server.port)
        try scanner.send("GET / HTTP/2.0\r\nHost: x\r\n\r\n")
        #expect(try scanner.readResponse().status == 505)
        #expect(try client.get("/avatar/Ann?size=5").status == 400)
        let after = try PrometheusText(try client.get("/metrics").text)
        #expect(after.types["monogram_http_server_errors_total"] == "counter")
        #expect(after.value("monogram_http_server_errors_total") == before.value("monogram_http_server_errors_total"))
    }
}
