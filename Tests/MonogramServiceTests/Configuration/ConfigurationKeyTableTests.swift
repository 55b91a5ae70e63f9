import MonogramCore
import MonogramHTTP
import MonogramPictures
@testable import MonogramService
import Testing

@Suite("Configuration key table")
struct ConfigurationKeyTableTests {
    @Test("every setting the loader knows is in the test table (and so in config/monogram.json)")
    func tableCoversEverySetting() {
        #expect(Set(Setting.all.map(\.path)) == Set(ConfigurationEnvironmentTests.everyKey.map(\.path)))
    }

    @Test("the server's limits are the HTTP server's own values, not copies")
    func serverLimitsReachTheServer() throws {
        let configuration = try Configuration.load(
            json: #"{"server": {"max_pipelined_requests": 3, "max_buffered_output": 8192, "max_head_bytes": 2048, "loops": 1}}"#)
        #expect(configuration.server.transport.maxPipelinedRequests == 3)
        #expect(configuration.server.transport.maxBufferedOutput == 8192)
        #expect(configuration.server.transport.parserLimits.maxHeadBytes == 2048)
        #expect(configuration.server.transport.loops == 1)
    }

    @Test("the picture limits are the picture service's own values, not copies")
    func pictureLimitsReachThePictureService() throws {
        let configuration = try Configuration.load(json: #"{"pictures": {"queue": 7, "max_bytes": 1000}}"#)
        #expect(configuration.pictures.fetch.queueLimit == 7)
        #expect(configuration.pictures.fetch.maxBytes == 1000)
    }
}

@Suite("monogram --version")
struct VersionTests {
    @Test("--version prints the release and the C libraries' versions, without loading a configuration")
    func version() throws {
        #expect(try CommandLineOptions.parse(["--version"]).action == .version)
        let (_, action) = try Configuration.load(arguments: ["--version", "--config", "/nonexistent.json"], environment: [:])
        #expect(action == .version)
        let text = VersionText.text
        #expect(text.hasPrefix("monogram \(MonogramRelease.version)\n"))
        #expect(text.contains("cairo ") && text.contains("pango ") && text.contains("libpng "))
    }
}

@Suite("server.send_buffer_bytes")
struct SendBufferConfigurationTests {
    @Test("reaches the server, and each connection's doubled send buffer is in the memory bound")
    func inTheBound() throws {
        let small = try Configuration.load(json: #"{"server": {"send_buffer_bytes": 0}}"#)
        let configured = try Configuration.load(json: #"{"server": {"send_buffer_bytes": 65536}}"#)
        #expect(configured.transport.sendBufferBytes == 65536)
        #expect(configured.connectionBytes - small.connectionBytes == 2 * 65536)
        let plan = try configured.memoryPlan(limit: nil, workers: 1)
        let without = try small.memoryPlan(limit: nil, workers: 1)
        #expect(plan.totalBytes - without.totalBytes == configured.server.maxConnections * 2 * 65536)
        #expect(Configuration().server.sendBufferBytes == 32 << 10)
    }
}
