import MonogramHTTP
import Testing
import MonogramService

/// What Kubernetes puts into every pod for Services named `monogram` (port 8080, named `http`)
/// and `monogram-metrics` (port 9100): the variables of API §6 that must not stop start-up.
let kubernetesServiceLinks: [String: String] = [
    "MONOGRAM_SERVICE_HOST": "10.96.0.12",
    "MONOGRAM_SERVICE_PORT": "8080",
    "MONOGRAM_SERVICE_PORT_HTTP": "8080",
    "MONOGRAM_PORT": "tcp://10.96.0.12:8080",
    "MONOGRAM_PORT_8080_TCP": "tcp://10.96.0.12:8080",
    "MONOGRAM_PORT_8080_TCP_PROTO": "tcp",
    "MONOGRAM_PORT_8080_TCP_PORT": "8080",
    "MONOGRAM_PORT_8080_TCP_ADDR": "10.96.0.12",
    "MONOGRAM_METRICS_SERVICE_HOST": "10.96.0.13",
    "MONOGRAM_METRICS_SERVICE_PORT": "9100",
    "MONOGRAM_METRICS_PORT": "tcp://10.96.0.13:9100",
    "MONOGRAM_METRICS_PORT_9100_TCP": "tcp://10.96.0.13:9100",
    "MONOGRAM_METRICS_PORT_9100_TCP_PROTO": "tcp",
    "MONOGRAM_METRICS_PORT_9100_TCP_PORT": "9100",
    "MONOGRAM_METRICS_PORT_9100_TCP_ADDR": "10.96.0.13",
]

@Suite("Variables a container platform injects")
struct PlatformVariableTests {
    @Test("Kubernetes service links for monogram and monogram-metrics load as the defaults")
    func kubernetesLinksAreIgnored() throws {
        #expect(try Configuration.load(json: "{}", environment: kubernetesServiceLinks) == Configuration())
    }

    @Test("every injected variable is reported, sorted, and nothing else")
    func ignoredList() {
        let environment = kubernetesServiceLinks.merging(["MONOGRAM_SERVER_PORT": "9000", "HOME": "/root"]) { $1 }
        #expect(PlatformVariable.ignored(in: environment) == kubernetesServiceLinks.keys.sorted())
    }

    @Test("a real key still applies beside the links, and wins unless its value is a link")
    func realKeysStillApply() throws {
        var environment = kubernetesServiceLinks
        environment["MONOGRAM_SERVER_PORT"] = "9000"
        let configuration = try Configuration.load(json: "{}", environment: environment)
        #expect(configuration.server.port == 9000)
        #expect(configuration.metrics.port == 0)
        #expect(try Configuration.load(json: "{}", environment: ["MONOGRAM_METRICS_PORT": "9101"]).metrics.port == 9101)
    }

    @Test("any MONOGRAM_ variable whose value is a service link is ignored", arguments: [
        "tcp://10.0.0.1:80", "udp://10.0.0.1:53", "sctp://10.0.0.1:9",
    ])
    func linkValues(value: String) throws {
        let environment = ["MONOGRAM_SERVER_PORT": value, "MONOGRAM_CACHE_PORT": value, "MONOGRAM_X": value]
        #expect(try Configuration.load(json: "{}", environment: environment) == Configuration())
    }

    @Test("services with other names and ports of other protocols are links too", arguments: [
        "MONOGRAM_CANARY_SERVICE_HOST", "MONOGRAM_CANARY_SERVICE_PORT_HTTP_ALT", "MONOGRAM_PORT_53_UDP_ADDR",
        "MONOGRAM_SERVER_PORT_8080_TCP_PORT", "MONOGRAM_PORT_9_SCTP",
    ])
    func otherShapes(name: String) throws {
        #expect(try Configuration.load(json: "{}", environment: [name: "1"]) == Configuration())
    }

    @Test("other unknown MONOGRAM_ variables are still errors", arguments: [
        ("MONOGRAM_PORT", "8080", "MONOGRAM_PORT: unknown environment variable"),
        ("MONOGRAM_PORT_8080", "1", "MONOGRAM_PORT_8080: unknown environment variable"),
        ("MONOGRAM_PORT_HTTP_TCP", "1", "MONOGRAM_PORT_HTTP_TCP: unknown environment variable"),
        ("MONOGRAM_PORT_8080_TCP_HOST", "1", "MONOGRAM_PORT_8080_TCP_HOST: unknown environment variable"),
        ("MONOGRAM_SERVICE_NAME", "x", "MONOGRAM_SERVICE_NAME: unknown environment variable"),
        ("MONOGRAM_SERVER_PORT", "http://10.0.0.1", "server.port: must be an integer from 0 to 65535 (from MONOGRAM_SERVER_PORT)"),
    ])
    func stillErrors(name: String, value: String, problem: String) {
        #expect(problems(environment: [name: value]) == [problem])
    }
}
