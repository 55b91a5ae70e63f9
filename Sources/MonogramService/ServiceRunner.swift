import Dispatch
import Glibc
import MonogramCore
import MonogramPictures
public import MonogramHTTP
public import MonogramRender

/// Wires a validated configuration into a running server and runs it until SIGTERM/SIGINT.
public enum ServiceRunner {
    /// Exit codes (documented in `--help` and the README).
    public enum ExitCode: Int32 {
        case clean = 0
        case badConfiguration = 1
        case cannotBind = 2
    }

    public static func settings(from configuration: Configuration, renderer: Renderer) -> ServiceSettings {
        let render = configuration.render
        let palette = render.palette.isEmpty ? Palette.default : (Palette(colors: render.palette) ?? Palette.default)
        let limits = OptionLimits(maxSize: render.maxSize, fonts: render.fonts, masks: renderer.maskNames)
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        var settings = ServiceSettings(
            limits: limits,
            resolver: AvatarResolver(palette: palette, defaultFont: render.defaultFont, defaultBold: render.bold),
            cacheBytes: configuration.cache.maxBytes,
            cacheControl: configuration.http.cacheControl,
            corsOrigin: configuration.http.corsOrigin,
            renderWorkers: render.workers > 0 ? render.workers : cores,
            renderQueue: render.queue,
            renderTimeout: render.timeout,
            accessLog: configuration.log.access,
            logFormat: configuration.log.format == .json ? .json : .text)
        settings.trustedProxies = TrustedProxies(configuration.server.trustedProxies)
        settings.metricsOnMainPort = configuration.metrics.port == 0
        settings.pictures = pictureSettings(from: configuration.pictures)
        settings.pictureFailureCacheControl = configuration.pictures.failureCacheControl
        return settings
    }

    public static func serverConfiguration(from configuration: Configuration) -> HTTPServerConfiguration {
        var server = HTTPServerConfiguration()
        server.host = configuration.server.host
        server.port = configuration.server.port
        server.maxConnections = configuration.server.maxConnections
        server.readHeaderTimeout = .seconds(configuration.server.readHeaderTimeout)
        server.idleTimeout = .seconds(configuration.server.idleTimeout)
        server.writeTimeout = .seconds(configuration.server.writeTimeout)
        server.maxPipelinedRequests = configuration.server.maxPipelinedRequests
        server.maxBufferedOutput = configuration.server.maxBufferedOutput
        server.corsOrigin = configuration.http.corsOrigin
        return server
    }

    /// Serves until a signal, then drains; returns the process exit code.
    public static func serve(_ configuration: Configuration) -> ExitCode {
        let service: AvatarService
        do {
            let renderer = try Renderer(configuration: RendererConfiguration(masksDirectory: configuration.render.masksDir))
            service = try AvatarService(settings: settings(from: configuration, renderer: renderer), renderer: renderer)
        } catch {
            printError("cannot start the renderer: \(error)")
            return .badConfiguration
        }
        let server: HTTPServer
        do {
            server = try HTTPServer(configuration: serverConfiguration(from: configuration), handler: service)
        } catch {
            printError("cannot listen on \(configuration.server.host):\(configuration.server.port): \(error)")
            return .cannotBind
        }
        service.metrics.attach(connections: server.counters)
        let admin: HTTPServer?
        do {
            admin = try metricsServer(configuration, metrics: service.metrics)
        } catch {
            printError("cannot listen on \(configuration.server.host):\(configuration.metrics.port) for metrics: \(error)")
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
        let host = configuration.server.host.contains(":") ? "[\(configuration.server.host)]" : configuration.server.host
        writeLine(STDOUT_FILENO, "monogram \(MonogramRelease.version) listening on http://\(host):\(server.port)")
        let adminThread = admin.map { admin in
            writeLine(STDOUT_FILENO, "monogram metrics on http://\(host):\(admin.port)/metrics")
            return OSThread(name: "metrics") { admin.run() }
        }
        server.run()
        adminThread?.join()
        service.stop()
        signals.forEach { $0.cancel() }
        writeLine(STDOUT_FILENO, "monogram stopped")
        return .clean
    }

    /// The admin server for `metrics.port`, on the service's host with one loop; nil when 0.
    static func metricsServer(_ configuration: Configuration, metrics: Metrics) throws(SocketError) -> HTTPServer? {
        guard configuration.metrics.port != 0 else { return nil }
        var admin = serverConfiguration(from: configuration)
        admin.port = configuration.metrics.port
        admin.loops = 1
        admin.maxConnections = 64
        return try HTTPServer(configuration: admin, handler: MetricsService(metrics: metrics))
    }

    static func printError(_ message: String) {
        writeLine(STDERR_FILENO, "monogram: \(message)")
    }

    /// Straight to the descriptor: the access log writes there too, without stdio buffering.
    static func writeLine(_ fd: Int32, _ text: String) {
        Array((text + "\n").utf8).withUnsafeBytes { FileDescriptor.writeAll(fd, $0) }
    }
}

extension ServiceRunner {
    static func pictureSettings(from pictures: PicturesConfiguration) -> PictureSettings {
        var settings = PictureSettings()
        settings.allowedHosts = pictures.allowedHosts
        settings.maxBytes = pictures.maxBytes
        settings.maxPixels = pictures.maxPixels
        settings.connectTimeout = pictures.connectTimeout
        settings.totalTimeout = pictures.totalTimeout
        settings.maxRedirects = pictures.maxRedirects
        settings.maxConcurrentFetches = pictures.maxConcurrentFetches
        settings.cacheBytes = pictures.cacheBytes
        settings.minTTL = pictures.minTTL
        settings.maxTTL = pictures.maxTTL
        settings.failureTTL = pictures.failureTTL
        settings.userAgent = "Monogram/\(MonogramRelease.version) (avatar service)"
        return settings
    }
}
