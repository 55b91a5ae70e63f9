import Foundation
import Glibc

/// The real `nginx` on a loopback port, configured by `config/nginx/monogram.conf` with its
/// replica addresses, listen port and cache path rewritten; everything under a temp prefix.
final class NginxProcess {
    let process = Process()
    let port: Int
    let prefix: URL
    private let stderr = Pipe()

    struct StartError: Error, CustomStringConvertible { let description: String }

    static let binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }

    init(replicaPorts: [Int]) throws {
        guard let binary = NginxProcess.binary else { throw StartError(description: "nginx is not installed (make deps)") }
        prefix = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("logs"), withIntermediateDirectories: true)
        port = FreePort.next()
        try NginxProcess.site(replicaPorts: replicaPorts, port: port, cache: prefix.appendingPathComponent("cache").path)
            .write(to: prefix.appendingPathComponent("monogram.conf"), atomically: true, encoding: .utf8)
        let temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map { "\($0)_temp_path \(prefix.path)/\($0)_temp;" }.joined(separator: "\n")
        let main = """
            worker_processes 1;
            daemon off;
            pid \(prefix.path)/nginx.pid;
            error_log stderr warn;
            \(geteuid() == 0 ? "user root;" : "")
            events { worker_connections 256; }
            http {
                access_log off;
                \(temp)
                include \(prefix.path)/monogram.conf;
            }
            """
        try main.write(to: prefix.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["-p", prefix.path, "-e", "stderr", "-c", prefix.appendingPathComponent("nginx.conf").path]
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Readiness: the listening socket accepts (bounded; nginx has no readiness line).
        for _ in 0..<1000 where process.isRunning {
            if FreePort.accepts(port) { return }
            usleep(10_000)
        }
        let errors = String(decoding: stderr.fileHandleForReading.availableData, as: UTF8.self)
        stop()
        throw StartError(description: "nginx did not start: \(errors)")
    }

    /// The example config with the test's addresses in place of the documented placeholders.
    static func site(replicaPorts: [Int], port: Int, cache: String) throws -> String {
        let path = MonogramProcess.packageRoot + "/config/nginx/monogram.conf"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let placeholders = ["127.0.0.1:8081", "127.0.0.1:8082"]
        for (placeholder, replica) in zip(placeholders, replicaPorts) {
            guard text.contains(placeholder) else { throw StartError(description: "\(path) lacks \(placeholder)") }
            text = text.replacingOccurrences(of: placeholder, with: "127.0.0.1:\(replica)")
        }
        for (old, new) in [("listen 80;", "listen 127.0.0.1:\(port);"), ("/var/cache/nginx/monogram", cache)] {
            guard text.contains(old) else { throw StartError(description: "\(path) lacks \(old)") }
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: prefix)
    }
}
