import Dispatch
import Glibc
import MonogramCore
import MonogramHTTP
import MonogramRender

/// Wires a validated configuration into a running server and runs it until SIGTERM/SIGINT.
public enum ServiceRunner {
    /// Exit codes (documented in `--help` and the README).
    public enum ExitCode: Int32 {
        case clean = 0
        case badConfiguration = 1
        /// The port is held, or the configured maximums cannot fit the memory limit: this
        /// machine cannot run this configuration (restarting will not help).
        case cannotBind = 2
    }

    /// Serves until a signal, then drains; returns the process exit code.
    public static func serve(_ requested: Configuration) -> ExitCode {
        let logger = Logger(format: requested.log.format, level: requested.log.level)
        // SIGHUP's default action ends the process: ignored from the first moment, and once
        // the service exists, turned into its reload (one handler for the whole process).
        signal(SIGHUP, SIG_IGN)
        let problems = requested.startupProblems()
        guard problems.isEmpty else {
            for problem in problems { logger.error("invalid configuration: " + problem) }
            return .badConfiguration
        }
        let configuration: Configuration
        let plan: MemoryPlan
        do throws(MemoryPlan.Refusal) {
            (configuration, plan) = try requested.fitted(to: CgroupLimits.read(root: requested.limits.cgroupRoot))
        } catch {
            logger.error("cannot start: \(error)")
            return .cannotBind
        }
        let service: AvatarService
        do {
            let renderer = try Renderer(configuration: RendererConfiguration(masksDirectory: configuration.render.masksDir))
            service = try AvatarService(configuration: configuration, renderer: renderer, logger: logger)
        } catch {
            logger.error("cannot start the renderer: \(error)")
            return .badConfiguration
        }
        let server: HTTPServer
        do {
            server = try HTTPServer(
                configuration: configuration.transport, handler: service, clientConnections: ClientAddress.connectionLimit(configuration))
        } catch {
            logger.error("cannot listen on \(configuration.server.host):\(configuration.server.port): \(error)")
            return .cannotBind
        }
        service.metrics.attach(connections: server.counters)
        let admin: HTTPServer?
        do {
            admin = try metricsServer(configuration, metrics: service.metrics)
        } catch {
            logger.error("cannot listen on \(configuration.server.host):\(configuration.metrics.port) for metrics: \(error)")
            return .cannotBind
        }
        let signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                server.shutdown(grace: configuration.server.shutdownGrace, delay: configuration.server.drainDelay)
                admin?.shutdown(grace: 0)
            }
            source.resume()
            return source
        }
        // The directory is read before the port is announced, so the first request sees it.
        let directoryWatch = service.gravatarDirectory()
        let hangup = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        hangup.setEventHandler { service.reload { logger.info($0) } }
        hangup.resume()
        let host = configuration.server.host.contains(":") ? "[\(configuration.server.host)]" : configuration.server.host
        logger.info("monogram \(MonogramRelease.version) listening on http://\(host):\(server.port)")
        // After the listening line, which scripts read first for the port.
        logger.info(
            "memory: \(plan.inputs.limit.map { "limit " + MemoryPlan.mebibytes($0) } ?? "no limit"), "
                + "bound \(MemoryPlan.mebibytes(plan.totalBytes)) (work memory \(MemoryPlan.mebibytes(plan.workBytes)), "
                + "\(configuration.render.workers) render workers)")
        let adminThread = admin.map { admin in
            logger.info("monogram metrics on http://\(host):\(admin.port)/metrics")
            return OSThread(name: "metrics") { admin.run() }
        }
        server.run()
        adminThread?.join()
        service.stop()
        signals.forEach { $0.cancel() }
        hangup.cancel()
        directoryWatch.forEach { $0.cancel() }
        logger.info("monogram stopped")
        return .clean
    }

    /// The admin server for `metrics.port`, on the service's host with one loop; nil when 0.
    static func metricsServer(_ configuration: Configuration, metrics: Metrics) throws(SocketError) -> HTTPServer? {
        guard configuration.metrics.port != 0 else { return nil }
        var admin = configuration.transport
        admin.port = configuration.metrics.port
        admin.loops = 1
        admin.maxConnections = 64
        return try HTTPServer(configuration: admin, handler: MetricsService(metrics: metrics, corsOrigin: configuration.http.corsOrigin))
    }
}
