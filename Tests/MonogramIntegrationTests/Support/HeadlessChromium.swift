import Foundation
import Glibc

/// Debian's `chromium`, headless, driven over the DevTools protocol on `--remote-debugging-pipe`
/// (fd 3 in, fd 4 out, NUL-terminated JSON): no WebSocket, no port, no extra package.
final class HeadlessChromium {
    struct BrowserError: Error, CustomStringConvertible { let description: String }

    static let binary = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    private let pid: pid_t
    private let commands: Int32
    private let replies: Int32
    private let profile: URL
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var session = ""
    private var events: [[String: Any]] = []

    init(width: Int = 1200, height: Int = 900) throws {
        guard let binary = HeadlessChromium.binary else { throw BrowserError(description: "chromium is not installed (make deps)") }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-chromium-\(UUID().uuidString)")
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw BrowserError(description: "pipe failed") }
        // Our ends must not leak into chromium or other children (dup2 clears it on fds 3 and 4).
        for fd in toBrowser + fromBrowser { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        let arguments = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                         "--hide-scrollbars", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
                         "--window-size=\(width),\(height)", "about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, binary, &actions, nil, &argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        guard status == 0 else { throw BrowserError(description: "cannot start chromium: \(status)") }
        pid = child
        commands = toBrowser[1]
        replies = fromBrowser[0]
        let target = try send("Target.createTarget", ["url": "about:blank"], inSession: false)
        guard let targetID = target["targetId"] as? String else { throw BrowserError(description: "no target: \(target)") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true], inSession: false)
        session = attached["sessionId"] as? String ?? ""
        _ = try send("Page.enable")
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(commands)
        close(replies)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Navigates and returns once the page's load event fired.
    func open(_ url: String) throws {
        events.removeAll()
        _ = try send("Page.navigate", ["url": url])
        _ = try waitForEvent("Page.loadEventFired")
    }

    /// Evaluates JavaScript in the page, awaiting a returned promise; the value as JSON-able.
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let exception = result["exceptionDetails"] { throw BrowserError(description: "script failed: \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Types into the focused element as a keyboard would (one input event for the text).
    func type(_ text: String) throws {
        _ = try send("Input.insertText", ["text": text])
    }

    func screenshot() throws -> Data {
        let result = try send("Page.captureScreenshot", ["format": "png"])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else { throw BrowserError(description: "no screenshot") }
        return data
    }

    func send(_ method: String, _ params: [String: Any] = [:], inSession: Bool = true) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if inSession { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard written > 0 else { throw BrowserError(description: "chromium closed the pipe") }
            offset += written
        }
        while true {
            let reply = try readMessage()
            if reply["id"] as? Int == id {
                if let error = reply["error"] { throw BrowserError(description: "\(method): \(error)") }
                return reply["result"] as? [String: Any] ?? [:]
            }
            if reply["method"] != nil { events.append(reply) }
        }
    }

    func waitForEvent(_ method: String) throws -> [String: Any] {
        while true {
            if let index = events.firstIndex(where: { $0["method"] as? String == method }) { return events.remove(at: index) }
            events.append(try readMessage())
        }
    }

    /// One NUL-terminated message; a 60 s bound per read keeps a wedged browser from hanging CI.
    private func readMessage() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try JSONSerialization.jsonObject(with: message) as? [String: Any] else { continue }
                return object
            }
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 60_000) == 1 else { throw BrowserError(description: "chromium did not answer") }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            guard count > 0 else { throw BrowserError(description: "chromium exited") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
