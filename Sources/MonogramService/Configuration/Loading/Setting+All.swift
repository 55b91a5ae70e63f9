import MonogramHTTP
import MonogramPictures
import MonogramCore
import MonogramPictures

extension Setting {
    /// Every key of API §6, in the order of docs/configuration.md. A computed list (built once per
    /// load) rather than a stored one, because key paths and closures are not `Sendable`.
    static var all: [Setting] {
        let any = 0...Int.max
        let positive = 1...Int.max
        let port = 0...65_535
        return [
            .value("server", "host", \.server.host) { Convert.string($0, &$1, parse: Syntax.listenHost) },
            .value("server", "port", \.server.port) { Convert.integer($0, in: port, &$1) },
            .value("server", "loops", \.server.loops) { Convert.integer($0, in: 0...1024, &$1) },
            .value("server", "max_connections", \.server.maxConnections) { Convert.integer($0, in: positive, &$1) },
            .value("server", "read_header_timeout", \.server.readHeaderTimeout, Convert.duration),
            .value("server", "idle_timeout", \.server.idleTimeout, Convert.duration),
            .value("server", "write_timeout", \.server.writeTimeout, Convert.duration),
            .value("server", "shutdown_grace", \.server.shutdownGrace, Convert.duration),
            .value("server", "drain_delay", \.server.drainDelay, Convert.durationOrZero),
            .value("server", "max_pipelined_requests", \.server.maxPipelinedRequests) { Convert.integer($0, in: 1...1024, &$1) },
            .value("server", "max_buffered_output", \.server.maxBufferedOutput) { Convert.integer($0, in: 4096...Int(Int32.max), &$1) },
            .value("server", "send_buffer_bytes", \.server.sendBufferBytes) { Convert.integer($0, in: 0...(1 << 30), &$1) },
            .value("server", "max_target_bytes", \.server.parserLimits.maxTargetBytes) { Convert.integer($0, in: 256...1_048_576, &$1) },
            .value("server", "max_head_bytes", \.server.parserLimits.maxHeadBytes) { Convert.integer($0, in: 1024...1_048_576, &$1) },
            .value("server", "max_header_fields", \.server.parserLimits.maxHeaderFields) { Convert.integer($0, in: 1...10_000, &$1) },
            .value("server", "max_body_bytes", \.server.parserLimits.maxBodyBytes) { Convert.integer($0, in: any, &$1) },
            .value("server", "trusted_proxies", \.server.trustedProxies) {
                Convert.list($0, &$1, element: Syntax.ipOrCIDR)
            },

            .value("cache", "max_bytes", \.cache.maxBytes) { Convert.integer($0, in: positive, &$1) },
            .value("cache", "tag_header", \.cache.tagHeader) { Convert.string($0, &$1, parse: Syntax.tagHeaderName) },
            .value("cache", "purge_from", \.cache.purgeFrom) { Convert.list($0, &$1, element: Syntax.ipOrCIDR) },
            .value("cache", "purge_urls", \.cache.purgeURLs) { Convert.list($0, &$1, element: Syntax.purgeURL) },
            .value("cache", "max_entry_bytes", \.cache.maxEntryBytes) { Convert.optionalInteger($0, in: positive, &$1) },

            .value("render", "max_size", \.render.maxSize) { Convert.integer($0, in: 16...4096, &$1) },
            .value("render", "fonts", \.render.fonts) { raw, problems in
                let fonts = Convert.list(raw, &problems, element: Syntax.notBlank)
                if fonts?.isEmpty == true { problems.append(ValueProblem(message: "must name at least one font")) }
                return fonts
            },
            .value("render", "default_font", \.render.defaultFont) { Convert.string($0, &$1, parse: Syntax.notBlank) },
            .value("render", "bold", \.render.bold, Convert.boolean),
            .value("render", "masks_dir", \.render.masksDir) { Convert.string($0, &$1, parse: Syntax.notBlank) },
            .value("render", "palette", \.render.palette) { Convert.list($0, &$1, element: PaletteColour.parse) },
            .value("render", "palettes", \.render.palettes, PaletteTable.convert),
            .value("render", "workers", \.render.workers) { Convert.integer($0, in: any, &$1) },
            .value("render", "queue", \.render.queue) { Convert.integer($0, in: positive, &$1) },
            .value("render", "timeout", \.render.timeout, Convert.duration),

            .value("http", "cache_control", \.http.cacheControl) { Convert.string($0, &$1, parse: Syntax.headerValue) },
            .value("http", "cors_origin", \.http.corsOrigin) { Convert.string($0, &$1, parse: Syntax.headerValue) },
            .value("http", "strict_parameters", \.http.strictParameters, Convert.boolean),
            .value("http", "robots", \.http.robots) { Convert.string($0, &$1, parse: Syntax.headerValue) },

            .value("pictures", "allowed_hosts", \.pictures.allowedHosts) {
                Convert.list($0, &$1, element: Syntax.hostPattern)
            },
            .value("pictures", "max_bytes", \.pictures.maxBytes) { Convert.integer($0, in: positive, &$1) },
            .value("pictures", "max_pixels", \.pictures.maxPixels) { Convert.integer($0, in: positive, &$1) },
            .value("pictures", "decode_memory", \.pictures.decodeMemory) { Convert.integer($0, in: positive, &$1) },
            .value("pictures", "max_jpeg_work", \.pictures.maxJPEGWork) { Convert.integer($0, in: positive, &$1) },
            .value("pictures", "connect_timeout", \.pictures.connectTimeout, Convert.seconds),
            .value("pictures", "total_timeout", \.pictures.totalTimeout, Convert.seconds),
            .value("pictures", "failure_cache_control", \.pictures.failureCacheControl) {
                Convert.string($0, &$1, parse: Syntax.headerValue)
            },
            .value("pictures", "cache_bytes", \.pictures.cacheBytes) { Convert.integer($0, in: positive, &$1) },
            .value("pictures", "max_concurrent_fetches", \.pictures.maxConcurrentFetches) {
                Convert.integer($0, in: 1...1024, &$1)
            },
            .value("pictures", "queue", \.pictures.queueLimit) { Convert.integer($0, in: positive, &$1) },
            .value("pictures", "max_redirects", \.pictures.maxRedirects) { Convert.integer($0, in: 0...10, &$1) },
            .value("pictures", "min_ttl", \.pictures.minTTL, Convert.seconds),
            .value("pictures", "max_ttl", \.pictures.maxTTL, Convert.seconds),
            .value("pictures", "failure_ttl", \.pictures.failureTTL, Convert.seconds),

            .value("gravatar", "directory", \.gravatar.directory) { Convert.string($0, &$1) { (text: String) throws(ValueProblem) in text } },
            .value("gravatar", "upstream", \.gravatar.upstream) { Convert.string($0, &$1, parse: GravatarConfiguration.upstreamBase) },
            .value("gravatar", "cache_control", \.gravatar.cacheControl) { Convert.string($0, &$1, parse: Syntax.headerValue) },
            .value("gravatar", "redirect_hosts", \.gravatar.redirectHosts) {
                Convert.list($0, &$1, element: Syntax.hostPattern)
            },
            .value("gravatar", "reload_interval", \.gravatar.reloadInterval, Convert.seconds),
            .value("gravatar", "max_directory_bytes", \.gravatar.maxDirectoryBytes) { Convert.integer($0, in: positive, &$1) },
            .value("gravatar", "max_directory_rows", \.gravatar.maxDirectoryRows) { Convert.integer($0, in: positive, &$1) },
            .value("gravatar", "avatar_path", \.gravatar.avatarPath, Convert.boolean),

            .value("metrics", "port", \.metrics.port) { Convert.integer($0, in: port, &$1) },

            .value("log", "format", \.log.format) {
                Convert.string($0, &$1) { (text: String) throws(ValueProblem) in
                    guard let format = LogFormat(rawValue: text) else {
                        throw ValueProblem(message: #"must be "text" or "json""#)
                    }
                    return format
                }
            },
            .value("log", "access", \.log.access, Convert.boolean),
            .value("log", "level", \.log.level) {
                Convert.string($0, &$1) { (text: String) throws(ValueProblem) in
                    guard let level = LogLevel(rawValue: text) else {
                        throw ValueProblem(message: #"must be "info", "warning" or "error""#)
                    }
                    return level
                }
            },

            .value("limits", "client_renders_per_second", \.limits.clientRendersPerSecond) { Convert.rate($0, &$1) },
            .value("limits", "client_burst", \.limits.clientBurst) { Convert.optionalInteger($0, in: 1...1_000_000, &$1) },
            .value("limits", "clients_tracked", \.limits.clientsTracked) { Convert.integer($0, in: 1...10_000_000, &$1) },
            .value("limits", "ipv6_prefix", \.limits.ipv6Prefix) { Convert.integer($0, in: 1...128, &$1) },
            .value("limits", "work_memory", \.limits.workMemory) { Convert.integer($0, in: any, &$1) },
            .value("limits", "max_answer_bytes", \.limits.maxAnswerBytes) { Convert.integer($0, in: 65_536...Int.max, &$1) },
            .value("limits", "cgroup_root", \.limits.cgroupRoot) { Convert.string($0, &$1, parse: Syntax.notBlank) },
            .value("limits", "unsigned_renders_per_second", \.limits.unsignedRendersPerSecond) { Convert.rate($0, &$1) },
            .value("limits", "ipv4_prefix", \.limits.ipv4Prefix) { Convert.integer($0, in: 8...32, &$1) },
            .value("limits", "ipv4_network_prefix", \.limits.ipv4NetworkPrefix) { Convert.integer($0, in: 8...32, &$1) },
            .value("limits", "ipv6_network_prefix", \.limits.ipv6NetworkPrefix) { Convert.integer($0, in: 16...128, &$1) },
            .value("limits", "network_clients", \.limits.networkClients) { Convert.integer($0, in: 0...100_000, &$1) },
            .value("limits", "client_connections", \.limits.clientConnections) { Convert.integer($0, in: 0...1_000_000, &$1) },
            .value("limits", "network_connections", \.limits.networkConnections) { Convert.integer($0, in: 0...1_000_000, &$1) },

            .value("security", "signing_keys", \.security.signingKeys) { Convert.list($0, &$1, element: Syntax.signingKey) },
            .value("security", "require_signature", \.security.requireSignature, Convert.boolean),
        ]
    }
}

extension Configuration {
    /// Rules between keys, checked once every source has been applied.
    func crossKeyProblems() -> [String] {
        var problems: [String] = []
        if !render.fonts.contains(render.defaultFont) {
            problems.append(#"render.default_font: "\#(render.defaultFont)" is not in render.fonts"#)
        }
        if pictures.connectTimeout > pictures.totalTimeout {
            problems.append("pictures.connect_timeout: must not exceed pictures.total_timeout")
        }
        if pictures.minTTL > pictures.maxTTL {
            problems.append("pictures.min_ttl: must not exceed pictures.max_ttl")
        }
        if let upstream = try? PictureURL.parse(gravatar.upstream), AllowList(patterns: pictures.allowedHosts).match(upstream) == nil {
            problems.append("gravatar.upstream: \(upstream.host) is not in pictures.allowed_hosts (the upstream is fetched like any picture)")
        }
        if metrics.port != 0, metrics.port == server.port {
            problems.append("metrics.port: must differ from server.port (0 serves metrics on the service port)")
        }
        if security.requireSignature, security.signingKeys.isEmpty {
            problems.append("security.require_signature: needs at least one key in security.signing_keys")
        }
        return problems
    }
}
