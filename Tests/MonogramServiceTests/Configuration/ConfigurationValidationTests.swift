import MonogramPictures
import MonogramHTTP
import Testing
import MonogramService

@Suite("Configuration validation")
struct ConfigurationValidationTests {
    @Test("out-of-range values name the key and what it accepts", arguments: [
        (#"{"server": {"port": -1}}"#, "server.port: must be an integer from 0 to 65535"),
        (#"{"server": {"max_connections": 0}}"#, "server.max_connections: must be an integer of at least 1"),
        (#"{"server": {"write_timeout": 0}}"#, "server.write_timeout: must be a number of seconds above 0 and at most 86400"),
        (#"{"server": {"shutdown_grace": 100000}}"#, "server.shutdown_grace: must be a number of seconds above 0 and at most 86400"),
        (#"{"server": {"host": "my host"}}"#, #"server.host: "my host" is not an IP address or host name"#),
        (#"{"cache": {"max_bytes": 0}}"#, "cache.max_bytes: must be an integer of at least 1"),
        (#"{"render": {"max_size": 15}}"#, "render.max_size: must be an integer from 16 to 4096"),
        (#"{"render": {"max_size": 4097}}"#, "render.max_size: must be an integer from 16 to 4096"),
        (#"{"render": {"workers": -1}}"#, "render.workers: must be an integer of at least 0"),
        (#"{"render": {"queue": 0}}"#, "render.queue: must be an integer of at least 1"),
        (#"{"render": {"fonts": []}}"#, "render.fonts: must name at least one font"),
        (#"{"render": {"masks_dir": " "}}"#, "render.masks_dir: must not be empty"),
        (#"{"http": {"cors_origin": "a\r\nSet-Cookie: x"}}"#, "http.cors_origin: must be printable ASCII (it is sent as a header value)"),
        (#"{"pictures": {"max_pixels": 0}}"#, "pictures.max_pixels: must be an integer of at least 1"),
        (#"{"metrics": {"port": 65536}}"#, "metrics.port: must be an integer from 0 to 65535"),
        (#"{"gravatar": {"upstream": "gravatar.com/avatar/"}}"#, #"gravatar.upstream: "gravatar.com/avatar/" is not an absolute http(s) URL ending in /"#),
        (#"{"gravatar": {"upstream": "https://gravatar.com/avatar"}}"#, #"gravatar.upstream: "https://gravatar.com/avatar" is not an absolute http(s) URL ending in /"#),
        (#"{"gravatar": {"upstream": "https://gravatar.com/avatar/"}}"#, "gravatar.upstream: gravatar.com is not in pictures.allowed_hosts (the upstream is fetched like any picture)"),
        (#"{"gravatar": {"redirect_hosts": ["a b"]}}"#, #"gravatar.redirect_hosts[0]: "a b" is not host, host:port or *.suffix"#),
        (#"{"gravatar": {"cache_control": "a\r\nb"}}"#, "gravatar.cache_control: must be printable ASCII (it is sent as a header value)"),
    ])
    func outOfRange(json: String, problem: String) {
        #expect(problems(json: json) == [problem])
    }

    @Test("an upstream on an allowed picture host is accepted")
    func upstreamAllowed() throws {
        let configuration = try Configuration.load(
            json: #"{"pictures": {"allowed_hosts": ["gravatar.com"]}, "gravatar": {"upstream": "https://gravatar.com/avatar/"}}"#)
        #expect(configuration.gravatar.upstream == "https://gravatar.com/avatar/")
    }

    @Test("port 0 (any free port) and the limits of each range are accepted")
    func boundaries() throws {
        let configuration = try Configuration.load(
            json: #"{"server": {"port": 0}, "render": {"max_size": 4096, "workers": 0, "queue": 1}}"#)
        #expect(configuration.server.port == 0)
        #expect(configuration.render.maxSize == 4096)
        #expect(try Configuration.load(json: #"{"render": {"max_size": 16}}"#).render.maxSize == 16)
    }

    @Test("palette colours must be hex and reach 4.5:1 contrast with white", arguments: [
        ("#12", ##"render.palette[0]: "#12" is not a hex colour (RGB or RRGGBB)"##),
        ("#1A5FB4CC", ##"render.palette[0]: "#1A5FB4CC" is not a hex colour (RGB or RRGGBB)"##),
        ("blue", ##"render.palette[0]: "blue" is not a hex colour (RGB or RRGGBB)"##),
        ("#FFFF00", ##"render.palette[0]: "#FFFF00" has 1.07:1 contrast with white text; needs at least 4.5:1"##),
        // #777777 is the classic near miss: 4.48:1.
        ("777", ##"render.palette[0]: "777" has 4.47:1 contrast with white text; needs at least 4.5:1"##),
    ])
    func paletteProblems(colour: String, problem: String) {
        #expect(problems(json: #"{"render": {"palette": ["\#(colour)"]}}"#) == [problem])
    }

    @Test("dark enough palette colours are accepted in every spelling", arguments: ["#767676", "767676", "#000", "1a5fb4"])
    func paletteAccepted(colour: String) throws {
        let configuration = try Configuration.load(json: #"{"render": {"palette": ["\#(colour)"]}}"#)
        #expect(configuration.render.palette.count == 1)
    }

    @Test("trusted proxies are IPv4 or IPv6 addresses or CIDR ranges", arguments: [
        "192.0.2.7", "10.0.0.0/8", "0.0.0.0/0", "::1", "2001:db8::/32", "::ffff:192.0.2.1", "fe80::/128",
    ])
    func trustedProxyAccepted(entry: String) throws {
        let configuration = try Configuration.load(json: #"{"server": {"trusted_proxies": ["\#(entry)"]}}"#)
        #expect(configuration.server.trustedProxies == [entry])
    }

    @Test("malformed trusted proxies are rejected", arguments: [
        "256.0.0.1", "10.0.0", "10.0.0.0/", "10.0.0.0/33", "::1/129", "2001:db8:::1", "10.0.0.0/8/8",
        "example.com", "010.0.0.1", "10.0.0.0/+8", "",
    ])
    func trustedProxyRejected(entry: String) {
        #expect(problems(json: #"{"server": {"trusted_proxies": ["\#(entry)"]}}"#) == [
            #"server.trusted_proxies[0]: "\#(entry)" is not an IP address or CIDR range"#
        ])
    }

    @Test("allowed hosts are host, host:port or *.suffix", arguments: [
        "example.com", "cdn.example.com:8443", "*.example.com", "localhost", "192.0.2.7:80", "[2001:db8::1]:443",
    ])
    func allowedHostAccepted(entry: String) throws {
        let configuration = try Configuration.load(json: #"{"pictures": {"allowed_hosts": ["\#(entry)"]}}"#)
        #expect(configuration.pictures.allowedHosts == [entry])
    }

    @Test("malformed allowed hosts are rejected", arguments: [
        "https://example.com", "example.com/path", "*example.com", "*.", "*.*.example.com", "ex ample.com",
        "example.com:0", "example.com:70000", "example.com:", "-bad.example", "a..b", "2001:db8::1", "[10.0.0.1]",
        "*.10.0.0.1", "1.2.3",
    ])
    func allowedHostRejected(entry: String) {
        #expect(problems(json: #"{"pictures": {"allowed_hosts": ["\#(entry)"]}}"#) == [
            #"pictures.allowed_hosts[0]: "\#(entry)" is not host, host:port or *.suffix"#
        ])
    }
}
