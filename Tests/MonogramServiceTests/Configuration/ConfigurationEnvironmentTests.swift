import MonogramPictures
import MonogramHTTP
import Foundation
import Testing
import MonogramCore
import MonogramService

/// One key, a non-default value for it as text, and the change it must make to the defaults.
struct KeySample: Sendable, CustomTestStringConvertible {
    var path: String
    var text: String
    var change: @Sendable (inout Configuration) -> Void

    var environmentName: String { "MONOGRAM_" + path.replacingOccurrences(of: ".", with: "_").uppercased() }
    var testDescription: String { "\(environmentName)=\(text)" }
}

@Suite("Configuration from the environment")
struct ConfigurationEnvironmentTests {
    /// Every key of API §6 and those added since (the server's own limits, the picture queue,
    /// the log level); `ConfigurationKeyTableTests` checks this table against `Setting.all`.
    static let everyKey: [KeySample] = [
        KeySample(path: "server.host", text: "0.0.0.0") { $0.server.host = "0.0.0.0" },
        KeySample(path: "server.port", text: "9000") { $0.server.port = 9000 },
        KeySample(path: "server.loops", text: "2") { $0.server.loops = 2 },
        KeySample(path: "server.max_connections", text: "10") { $0.server.maxConnections = 10 },
        KeySample(path: "server.read_header_timeout", text: "1.5") { $0.server.readHeaderTimeout = .milliseconds(1500) },
        KeySample(path: "server.idle_timeout", text: "2") { $0.server.idleTimeout = .seconds(2) },
        KeySample(path: "server.write_timeout", text: "3") { $0.server.writeTimeout = .seconds(3) },
        KeySample(path: "server.shutdown_grace", text: "4") { $0.server.shutdownGrace = .seconds(4) },
        KeySample(path: "server.drain_delay", text: "0.5") { $0.server.drainDelay = .milliseconds(500) },
        KeySample(path: "server.max_pipelined_requests", text: "4") { $0.server.maxPipelinedRequests = 4 },
        KeySample(path: "server.max_buffered_output", text: "65536") { $0.server.maxBufferedOutput = 65536 },
        KeySample(path: "server.send_buffer_bytes", text: "0") { $0.server.sendBufferBytes = 0 },
        KeySample(path: "server.max_target_bytes", text: "4096") { $0.server.parserLimits.maxTargetBytes = 4096 },
        KeySample(path: "server.max_head_bytes", text: "8192") { $0.server.parserLimits.maxHeadBytes = 8192 },
        KeySample(path: "server.max_header_fields", text: "50") { $0.server.parserLimits.maxHeaderFields = 50 },
        KeySample(path: "server.max_body_bytes", text: "0") { $0.server.parserLimits.maxBodyBytes = 0 },
        KeySample(path: "server.trusted_proxies", text: "10.0.0.0/8, ::1") { $0.server.trustedProxies = ["10.0.0.0/8", "::1"] },
        KeySample(path: "cache.max_bytes", text: "1000") { $0.cache.maxBytes = 1000 },
        KeySample(path: "cache.tag_header", text: "xkey") { $0.cache.tagHeader = "xkey" },
        KeySample(path: "cache.purge_from", text: "10.0.0.0/8,::1") { $0.cache.purgeFrom = ["10.0.0.0/8", "::1"] },
        KeySample(path: "cache.purge_urls", text: "http://varnish:6081/") { $0.cache.purgeURLs = ["http://varnish:6081/"] },
        KeySample(path: "cache.max_entry_bytes", text: "500") { $0.cache.maxEntryBytes = 500 },
        KeySample(path: "render.max_size", text: "2048") { $0.render.maxSize = 2048 },
        KeySample(path: "render.fonts", text: "Noto Sans,DejaVu Sans") { $0.render.fonts = ["Noto Sans", "DejaVu Sans"] },
        KeySample(path: "render.default_font", text: "DejaVu Sans") { $0.render.defaultFont = "DejaVu Sans" },
        KeySample(path: "render.bold", text: "yes") { $0.render.bold = true },
        KeySample(path: "render.masks_dir", text: "/srv/masks") { $0.render.masksDir = "/srv/masks" },
        KeySample(path: "render.palette", text: "#1A5FB4,0B5394") {
            $0.render.palette = [RGBA(red: 0x1A, green: 0x5F, blue: 0xB4), RGBA(red: 0x0B, green: 0x53, blue: 0x94)]
        },
        KeySample(path: "render.palettes", text: "brand=#1A5FB4,FFEB3B; sea=0B5394") {
            $0.render.palettes = [
                "brand": [RGBA(red: 0x1A, green: 0x5F, blue: 0xB4), RGBA(red: 0xFF, green: 0xEB, blue: 0x3B)],
                "sea": [RGBA(red: 0x0B, green: 0x53, blue: 0x94)],
            ]
        },
        KeySample(path: "render.workers", text: "2") { $0.render.workers = 2 },
        KeySample(path: "render.queue", text: "5") { $0.render.queue = 5 },
        KeySample(path: "render.timeout", text: "1") { $0.render.timeout = .seconds(1) },
        KeySample(path: "http.cache_control", text: "no-cache") { $0.http.cacheControl = "no-cache" },
        KeySample(path: "http.cors_origin", text: "https://example.com") { $0.http.corsOrigin = "https://example.com" },
        KeySample(path: "http.strict_parameters", text: "true") { $0.http.strictParameters = true },
        KeySample(path: "http.robots", text: "noindex, nofollow") { $0.http.robots = "noindex, nofollow" },
        KeySample(path: "pictures.allowed_hosts", text: "Example.com,*.cdn.example.org,img.example:8443,[::1]:8080") {
            $0.pictures.allowedHosts = ["example.com", "*.cdn.example.org", "img.example:8443", "[::1]:8080"]
        },
        KeySample(path: "pictures.max_bytes", text: "1") { $0.pictures.maxBytes = 1 },
        KeySample(path: "pictures.max_pixels", text: "1") { $0.pictures.maxPixels = 1 },
        KeySample(path: "pictures.decode_memory", text: "1") { $0.pictures.decodeMemory = 1 },
        KeySample(path: "pictures.max_jpeg_work", text: "1") { $0.pictures.maxJPEGWork = 1 },
        KeySample(path: "pictures.connect_timeout", text: "1") { $0.pictures.connectTimeout = 1 },
        KeySample(path: "pictures.total_timeout", text: "3") { $0.pictures.totalTimeout = 3 },
        KeySample(path: "pictures.failure_cache_control", text: "no-store") { $0.pictures.failureCacheControl = "no-store" },
        KeySample(path: "pictures.cache_bytes", text: "1") { $0.pictures.cacheBytes = 1 },
        KeySample(path: "pictures.max_concurrent_fetches", text: "2") { $0.pictures.maxConcurrentFetches = 2 },
        KeySample(path: "pictures.queue", text: "16") { $0.pictures.queueLimit = 16 },
        KeySample(path: "pictures.max_redirects", text: "0") { $0.pictures.maxRedirects = 0 },
        KeySample(path: "pictures.min_ttl", text: "1") { $0.pictures.minTTL = 1 },
        KeySample(path: "pictures.max_ttl", text: "600") { $0.pictures.maxTTL = 600 },
        KeySample(path: "pictures.failure_ttl", text: "10") { $0.pictures.failureTTL = 10 },
        KeySample(path: "gravatar.directory", text: "/etc/monogram/people.csv") { $0.gravatar.directory = "/etc/monogram/people.csv" },
        // Its host must be allowed (a cross-key rule, tested in ConfigurationValidationTests).
        KeySample(path: "gravatar.upstream", text: "") { $0.gravatar.upstream = "" },
        KeySample(path: "gravatar.cache_control", text: "no-cache") { $0.gravatar.cacheControl = "no-cache" },
        KeySample(path: "gravatar.redirect_hosts", text: "CDN.example,*.img.example") { $0.gravatar.redirectHosts = ["cdn.example", "*.img.example"] },
        KeySample(path: "gravatar.reload_interval", text: "30") { $0.gravatar.reloadInterval = 30 },
        KeySample(path: "gravatar.max_directory_bytes", text: "1048576") { $0.gravatar.maxDirectoryBytes = 1_048_576 },
        KeySample(path: "gravatar.max_directory_rows", text: "1000") { $0.gravatar.maxDirectoryRows = 1000 },
        KeySample(path: "gravatar.avatar_path", text: "yes") { $0.gravatar.avatarPath = true },
        KeySample(path: "metrics.port", text: "9100") { $0.metrics.port = 9100 },
        KeySample(path: "log.format", text: "json") { $0.log.format = .json },
        KeySample(path: "log.access", text: "false") { $0.log.access = false },
        KeySample(path: "log.level", text: "warning") { $0.log.level = .warning },
        KeySample(path: "limits.client_renders_per_second", text: "2.5") { $0.limits.clientRendersPerSecond = 2.5 },
        KeySample(path: "limits.client_burst", text: "40") { $0.limits.clientBurst = 40 },
        KeySample(path: "limits.clients_tracked", text: "500") { $0.limits.clientsTracked = 500 },
        KeySample(path: "limits.ipv6_prefix", text: "56") { $0.limits.ipv6Prefix = 56 },
        KeySample(path: "limits.work_memory", text: "300000000") { $0.limits.workMemory = 300_000_000 },
        KeySample(path: "limits.max_answer_bytes", text: "1048576") { $0.limits.maxAnswerBytes = 1_048_576 },
        KeySample(path: "limits.cgroup_root", text: "/tmp/cgroup") { $0.limits.cgroupRoot = "/tmp/cgroup" },
        KeySample(path: "limits.unsigned_renders_per_second", text: "2.5") { $0.limits.unsignedRendersPerSecond = 2.5 },
        KeySample(path: "limits.ipv4_prefix", text: "28") { $0.limits.ipv4Prefix = 28 },
        KeySample(path: "limits.ipv4_network_prefix", text: "16") { $0.limits.ipv4NetworkPrefix = 16 },
        KeySample(path: "limits.ipv6_network_prefix", text: "40") { $0.limits.ipv6NetworkPrefix = 40 },
        KeySample(path: "limits.network_clients", text: "0") { $0.limits.networkClients = 0 },
        KeySample(path: "limits.client_connections", text: "16") { $0.limits.clientConnections = 16 },
        KeySample(path: "limits.network_connections", text: "32") { $0.limits.networkConnections = 32 },
        KeySample(path: "security.signing_keys", text: "0123456789abcdef,fedcba9876543210") {
            $0.security.signingKeys = ["0123456789abcdef", "fedcba9876543210"]
        },
        // Alone it can only be switched off: on, it needs a key (a cross-key rule).
        KeySample(path: "security.require_signature", text: "no") { $0.security.requireSignature = false },
    ]

    @Test("every key can be set by its MONOGRAM_SECTION_KEY variable", arguments: everyKey)
    func everyKeyFromEnvironment(sample: KeySample) throws {
        var expected = Configuration()
        sample.change(&expected)
        #expect(try Configuration.load(json: "{}", environment: [sample.environmentName: sample.text]) == expected)
    }

    @Test("lists are comma-separated, trimmed, and empty means none")
    func lists() throws {
        let configuration = try Configuration.load(
            json: #"{"pictures": {"allowed_hosts": ["a.example"]}}"#,
            environment: ["MONOGRAM_PICTURES_ALLOWED_HOSTS": " b.example , ,c.example ", "MONOGRAM_SERVER_TRUSTED_PROXIES": ""])
        #expect(configuration.pictures.allowedHosts == ["b.example", "c.example"])
        #expect(configuration.server.trustedProxies == [])
    }

    @Test("unknown MONOGRAM_ variables are errors; other variables are ignored")
    func unknownVariables() {
        let found = problems(environment: [
            "MONOGRAM_CACHE_MX_BYTES": "5", "MONOGRAM_COLOUR": "red", "HOME": "/root", "monogram_server_port": "x",
        ])
        #expect(found == [
            "MONOGRAM_CACHE_MX_BYTES: unknown environment variable (did you mean MONOGRAM_CACHE_MAX_BYTES?)",
            "MONOGRAM_COLOUR: unknown environment variable",
        ])
    }

    @Test("problems from the environment name the variable they came from", arguments: [
        ("MONOGRAM_SERVER_PORT", "http", "server.port: must be an integer from 0 to 65535 (from MONOGRAM_SERVER_PORT)"),
        ("MONOGRAM_LOG_ACCESS", "maybe", "log.access: must be true or false (from MONOGRAM_LOG_ACCESS)"),
        ("MONOGRAM_RENDER_TIMEOUT", "-1", "render.timeout: must be a number of seconds above 0 and at most 86400 (from MONOGRAM_RENDER_TIMEOUT)"),
        ("MONOGRAM_SERVER_TRUSTED_PROXIES", "10.0.0.1,10.0.0.0/33",
         #"server.trusted_proxies[1]: "10.0.0.0/33" is not an IP address or CIDR range (from MONOGRAM_SERVER_TRUSTED_PROXIES)"#),
    ])
    func environmentProblems(name: String, value: String, problem: String) {
        #expect(problems(environment: [name: value]) == [problem])
    }

    @Test("a value that the environment overrides still loads from the file")
    func environmentOverridesFile() throws {
        let configuration = try Configuration.load(
            json: #"{"log": {"format": "json", "access": false}}"#, environment: ["MONOGRAM_LOG_FORMAT": "text"])
        #expect(configuration.log.format == .text)
        #expect(configuration.log.access == false)
    }
}
