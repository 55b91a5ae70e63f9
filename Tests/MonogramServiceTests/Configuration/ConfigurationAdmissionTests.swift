import MonogramService
import Testing

@Suite("Configuration of limits and security")
struct ConfigurationAdmissionTests {
    @Test("defaults: budget off, burst 4 × rate but at least 10, 100000 clients, /64, no signatures")
    func defaults() throws {
        let configuration = try Configuration.load(json: "{}")
        #expect(configuration.limits.clientRendersPerSecond == 0)
        #expect(configuration.limits.effectiveBurst == 10)
        #expect(configuration.limits.clientsTracked == 100_000)
        #expect(configuration.limits.ipv6Prefix == 64)
        #expect(configuration.security.signingKeys.isEmpty)
        #expect(configuration.security.requireSignature == false)
        let fast = try Configuration.load(json: #"{"limits": {"client_renders_per_second": 7.5}}"#)
        #expect(fast.limits.effectiveBurst == 30)
    }

    @Test("file and environment set every key; lists of keys are comma-separated in the environment")
    func sources() throws {
        let configuration = try Configuration.load(
            json: #"{"limits": {"client_renders_per_second": 2, "client_burst": 50, "clients_tracked": 10, "ipv6_prefix": 48}}"#,
            environment: [
                "MONOGRAM_SECURITY_SIGNING_KEYS": "0123456789abcdef-new,0123456789abcdef-old",
                "MONOGRAM_SECURITY_REQUIRE_SIGNATURE": "yes",
            ])
        #expect(configuration.limits.clientBurst == 50)
        #expect(configuration.limits.clientsTracked == 10)
        #expect(configuration.limits.ipv6Prefix == 48)
        #expect(configuration.security.signingKeys == ["0123456789abcdef-new", "0123456789abcdef-old"])
        #expect(configuration.security.requireSignature)
    }

    @Test("bad values name the key and what it accepts", arguments: [
        (#"{"limits": {"client_renders_per_second": -1}}"#, "limits.client_renders_per_second: must be a number from 0 (off) to 1000000"),
        (#"{"limits": {"client_burst": 0}}"#, "limits.client_burst: must be an integer from 1 to 1000000"),
        (#"{"limits": {"clients_tracked": 0}}"#, "limits.clients_tracked: must be an integer from 1 to 10000000"),
        (#"{"limits": {"ipv6_prefix": 129}}"#, "limits.ipv6_prefix: must be an integer from 1 to 128"),
        (#"{"limits": {"ipv4_prefix": 33}}"#, "limits.ipv4_prefix: must be an integer from 8 to 32"),
        (#"{"limits": {"client_connections": -1}}"#, "limits.client_connections: must be an integer from 0 to 1000000"),
        (#"{"security": {"signing_keys": ["short"]}}"#, "security.signing_keys[0]: must be at least 16 bytes long (a short key can be guessed)"),
        (#"{"security": {"require_signature": true}}"#, "security.require_signature: needs at least one key in security.signing_keys"),
    ])
    func problems(json: String, problem: String) {
        do {
            _ = try Configuration.load(json: json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.problems == [problem])
        }
    }

    @Test("a rejected key is never echoed in the message")
    func secretNotEchoed() {
        do {
            _ = try Configuration.load(json: #"{"security": {"signing_keys": ["hunter2"]}}"#)
            Issue.record("accepted a 7-byte key")
        } catch {
            #expect(!error.description.contains("hunter2"))
        }
    }
}
