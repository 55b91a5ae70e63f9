import Foundation
import Glibc

/// The real `varnishd` on a loopback port with the shipped `deploy/varnish/monogram.vcl`,
/// unchanged: only its site file (`backends.vcl`: the replicas' ports, the purge ACL) is written
/// for the test, into a temporary directory that comes first on `vcl_path`. Its own `-n` work
/// directory, no jail (no user switch), in the foreground.
///
/// Spawned with `posix_spawn`, not Foundation's `Process`: varnishd closes every inherited
/// descriptor, which `Process` on Linux takes for the child's exit, and then blocks its run
/// loop in `waitpid` on a process that lives on (every other child's exit then goes unseen).
/// The spawn also clears the signal mask the test runner's threads carry, so SIGTERM works.
final class VarnishProcess {
    private(set) var pid: pid_t = 0
    let port: Int
    let directory: URL
    /// Where varnishd's own lines go (read when it fails to start).
    private var logPath: String { directory.appendingPathComponent("varnishd.log").path }

    struct StartError: Error, CustomStringConvertible { let description: String }

    static let binary = ["/usr/sbin/varnishd", "/usr/bin/varnishd"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var missing: String { "varnishd is not installed (bash scripts/deps.sh test installs varnish and varnish-modules)" }

    /// `vcl`: the policy file to run (default the shipped one; the benchmark compares variants).
    init(replicaPorts: [Int], port: Int = FreePort.next(), vcl: String = MonogramProcess.packageRoot + "/deploy/varnish/monogram.vcl") throws {
        guard let binary = VarnishProcess.binary else { throw StartError(description: VarnishProcess.missing) }
        self.port = port
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("monogram-varnish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("work"), withIntermediateDirectories: true)
        try VarnishProcess.site(replicaPorts: replicaPorts).write(to: directory.appendingPathComponent("backends.vcl"), atomically: true, encoding: .utf8)
        let arguments = [
            binary, "-F", "-j", "none", "-n", directory.appendingPathComponent("work").path, "-a", "127.0.0.1:\(port)", "-T", "127.0.0.1:0",
            "-s", "malloc,64m", "-p", "vcl_path=\(directory.path):\(MonogramProcess.packageRoot)/deploy/varnish:/usr/share/varnish/vcl",
            "-f", vcl,
        ]
        pid = try VarnishProcess.spawn(arguments, log: logPath)
        // Ready once it accepts (the probes start healthy: `.initial` = threshold).
        for _ in 0..<1500 where isRunning {
            if FreePort.accepts(port) { return }
            usleep(10_000)
        }
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        stop()
        throw StartError(description: "varnishd did not start: \(text)")
    }

    /// The test's replicas, each probed as the shipped example does, and loopback may purge.
    static func site(replicaPorts: [Int]) -> String {
        var text = ""
        for (index, port) in replicaPorts.enumerated() {
            text += """
                backend replica\(index) {
                    .host = "127.0.0.1";
                    .port = "\(port)";
                    .probe = monogram_healthz;
                    .connect_timeout = 1s;
                    .first_byte_timeout = 10s;
                }

                """
        }
        text += "sub vcl_init {\n" + replicaPorts.indices.map { "    replicas.add_backend(replica\($0));\n" }.joined() + "}\n"
        text += "acl monogram_purgers {\n    \"127.0.0.1\";\n    \"::1\";\n}\n"
        return text
    }

    static func spawn(_ arguments: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard status == 0 else { throw StartError(description: "posix_spawn \(arguments[0]): \(status)") }
        return pid
    }

    var isRunning: Bool {
        guard pid > 0 else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            pid = 0
            return false
        }
        return true
    }

    /// SIGTERM, then waits: the manager stops its cache process and exits.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
