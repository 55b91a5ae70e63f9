import Foundation
import Testing

/// nginx with `config/nginx/monogram.conf` in front of two real replicas, all on loopback.
@Suite("behind the real nginx: cache, consistent hashing, failover, client address", .serialized)
struct ReverseProxyTests {
    let replicas: [MonogramProcess]
    let nginx: NginxProcess

    init() throws {
        let trusted: [String: [String: any Sendable]] = ["server": ["trusted_proxies": ["127.0.0.1"]]]
        replicas = [try MonogramProcess(config: trusted), try MonogramProcess(config: trusted)]
        nginx = try NginxProcess(replicaPorts: replicas.map(\.port))
    }

    /// Which replica logged `target` (waiting for its access-log line), or nil if none did.
    func replica(serving target: String, times: Int = 1) -> Int? {
        func count(_ index: Int) -> Int { replicas[index].stdoutText.components(separatedBy: "\"GET \(target)\"").count - 1 }
        _ = MonogramProcess.waitForOutput { count(0) + count(1) >= times }
        let counts = [count(0), count(1)]
        return counts[0] + counts[1] >= times ? (counts[0] > 0 ? 0 : 1) : nil
    }

    @Test("the second request for a URL is an nginx cache HIT and reaches no replica")
    func cacheHit() throws {
        let client = try RawClient(port: nginx.port)
        let first = try client.get("/avatar/Proxy%20Cached?size=40")
        #expect(first.status == 200)
        #expect(first.header("X-Cache-Status") == "MISS")
        let second = try client.get("/avatar/Proxy%20Cached?size=40")
        #expect(second.status == 200)
        #expect(second.header("X-Cache-Status") == "HIT")
        #expect(second.body == first.body)
        #expect(second.header("ETag") == first.header("ETag"))
        // Wait for the miss's access-log line, then check that it is the only one.
        #expect(replica(serving: "/avatar/Proxy%20Cached?size=40") != nil)
        let logged = replicas.map { $0.stdoutText.components(separatedBy: "/avatar/Proxy%20Cached?size=40").count - 1 }
        #expect(logged.reduce(0, +) == 1)
    }

    @Test("one URL always goes to the same replica, and the URLs are spread over both")
    func consistentHashing() throws {
        let client = try RawClient(port: nginx.port)
        var owners: Set<Int> = []
        for index in 0..<16 {
            // Bad parameters are answered `no-store`, so nginx forwards every repeat.
            let target = "/avatar/Hash\(index)?size=1"
            for _ in 0..<3 {
                let response = try client.get(target)
                #expect(response.status == 400)
                #expect(response.header("X-Cache-Status") == "MISS")
            }
            let owner = try #require(replica(serving: target, times: 3))
            let counts = replicas.map { $0.stdoutText.components(separatedBy: "\"GET \(target)\"").count - 1 }
            #expect(counts[owner] == 3 && counts[1 - owner] == 0, "\(target) went to both: \(counts)")
            owners.insert(owner)
        }
        #expect(owners == [0, 1])
    }

    @Test("a replica stopped mid-test is routed around; cached URLs still come from the cache")
    func failover() throws {
        let client = try RawClient(port: nginx.port)
        var targets: [(String, Int)] = []
        for index in 0..<8 {
            let target = "/avatar/Failover\(index)?size=1"
            #expect(try client.get(target).status == 400)
            targets.append((target, try #require(replica(serving: target))))
        }
        #expect(try client.get("/avatar/Cached%20Before?size=40").header("X-Cache-Status") == "MISS")
        let stopped = try #require(targets.first?.1)
        #expect(replicas[stopped].stop() == 0)
        let survivor = 1 - stopped
        for (target, owner) in targets where owner == stopped {
            let response = try client.get(target)
            #expect(response.status == 400, "\(target) was not rerouted: \(response.status)")
            #expect(MonogramProcess.waitForOutput { replicas[survivor].stdoutText.contains("\"GET \(target)\"") })
        }
        let cached = try client.get("/avatar/Cached%20Before?size=40")
        #expect(cached.status == 200)
        #expect(cached.header("X-Cache-Status") == "HIT")
        #expect(try client.get("/avatar/After%20Stop?size=40").status == 200)
    }

    @Test("the replica logs the client from X-Forwarded-For because nginx is a trusted proxy")
    func clientAddress() throws {
        let client = try RawClient(port: nginx.port)
        let target = "/avatar/Forwarded%20Client?size=1"
        #expect(try client.get(target, headers: ["X-Forwarded-For: 203.0.113.77"]).status == 400)
        let owner = try #require(replica(serving: target))
        let line = try #require(replicas[owner].stdoutText.split(separator: "\n").first { $0.contains(target) })
        #expect(line.contains(" 203.0.113.77 \"GET "), "\(line)")
        // Straight to a replica (the peer is 127.0.0.1, trusted) without the header: the peer.
        let direct = try RawClient(port: replicas[owner].port)
        #expect(try direct.get("/avatar/Direct%20Client?size=1").status == 400)
        _ = MonogramProcess.waitForOutput { replicas[owner].stdoutText.contains("Direct%20Client") }
        let directLine = try #require(replicas[owner].stdoutText.split(separator: "\n").first { $0.contains("Direct%20Client") })
        #expect(directLine.contains(" 127.0.0.1 \"GET "), "\(directLine)")
    }
}
