import Dispatch
import Foundation
import MonogramSync
import Testing

/// Two real replicas behind the real `varnishd` running the shipped `deploy/varnish/monogram.vcl`
/// (API §9), all on loopback ports of their own. Skipped, saying why, where varnishd is missing.
final class Edge {
    let replicas: [MonogramProcess]
    let varnish: VarnishProcess
    let directory: String

    init(
        directory text: String = "email,name\nann@example.com,Ann Lee\n", server: [String: any Sendable] = [:],
        limits: [String: any Sendable] = [:]
    ) throws {
        directory = try GravatarSupport.writeDirectory(text)
        let varnishPort = FreePort.next()
        var serverKeys: [String: any Sendable] = ["trusted_proxies": ["127.0.0.1"]]
        serverKeys.merge(server) { $1 }
        var config: [String: [String: any Sendable]] = [
            "server": serverKeys,
            "gravatar": ["directory": directory, "reload_interval": 3600],
            "cache": ["purge_urls": ["http://127.0.0.1:\(varnishPort)/"]],
        ]
        if !limits.isEmpty { config["limits"] = limits }
        replicas = [try MonogramProcess(config: config), try MonogramProcess(config: config)]
        varnish = try VarnishProcess(replicaPorts: replicas.map(\.port), port: varnishPort)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Responses each replica has written for `route` (its own /metrics, asked directly).
    func served(_ route: String) throws -> [Double] {
        try replicas.map { replica in
            let metrics = try PrometheusText(try RawClient(port: replica.port).get("/metrics").text)
            return metrics.samples.filter { $0.name == "monogram_http_requests_total" && $0.labels["route"] == route }.map(\.value).reduce(0, +)
        }
    }

    /// How many access-log lines each replica wrote for exactly `target`.
    func logged(_ target: String) -> [Int] {
        replicas.map { $0.stdoutText.components(separatedBy: "\"GET \(target)\"").count - 1 }
    }

    /// Waits until the replicas logged `target` `times` times in all; each replica's count.
    func waitLogged(_ target: String, times: Int) -> [Int] {
        _ = MonogramProcess.waitForOutput { logged(target).reduce(0, +) >= times }
        return logged(target)
    }
}

@Suite(
    "behind the real Varnish: edge hits, key normalisation, one replica per URL, purges, drain", .serialized,
    .enabled(if: VarnishProcess.binary != nil, "varnishd is not installed (bash scripts/deps.sh test installs varnish and varnish-modules)"))
struct EdgeCacheTests {
    @Test("an edge hit never reaches a replica, and the tags stay at the edge")
    func edgeHit() throws {
        let edge = try Edge()
        let client = try RawClient(port: edge.varnish.port)
        let first = try client.get("/avatar/Edge%20Hit?size=40")
        #expect(first.status == 200)
        #expect(first.header("X-Cache") == "miss")
        #expect(first.header("Surrogate-Key") == nil && first.header("xkey") == nil)
        #expect(edge.waitLogged("/avatar/Edge%20Hit?size=40", times: 1).reduce(0, +) == 1)
        let before = try edge.served("avatar")
        for _ in 0..<5 {
            let again = try client.get("/avatar/Edge%20Hit?size=40")
            #expect(again.status == 200 && again.header("X-Cache") == "hit")
            #expect(again.body == first.body && again.header("ETag") == first.header("ETag"))
        }
        #expect(try edge.served("avatar") == before)
    }

    @Test("the rate-limit fields (API §11) reach the client whose request was charged, never an edge hit")
    func rateLimitAtTheEdge() throws {
        let edge = try Edge(server: [:], limits: ["client_renders_per_second": 1, "client_burst": 20])
        let client = try RawClient(port: edge.varnish.port)
        let miss = try client.get("/avatar/Edge%20Budget?size=40")
        #expect(miss.header("X-Cache") == "miss")
        #expect(miss.header("RateLimit-Policy") == "\"render\";q=20;w=20")
        #expect(miss.header("RateLimit")?.hasPrefix("\"render\";r=") == true)
        let hit = try client.get("/avatar/Edge%20Budget?size=40")
        #expect(hit.header("X-Cache") == "hit")
        #expect(hit.header("RateLimit") == nil && hit.header("RateLimit-Policy") == nil)
    }

    @Test("parameter order and ignored parameters do not split the edge cache; repeated pictures keep their order")
    func normalisedKey() throws {
        let edge = try Edge()
        let client = try RawClient(port: edge.varnish.port)
        let first = try client.get("/avatar/Re%20Ordered?size=48&shape=circle&v=1&utm_source=mail")
        #expect(first.status == 200 && first.header("X-Cache") == "miss")
        for spelling in ["/avatar/Re%20Ordered?shape=circle&size=48", "/avatar/Re%20Ordered?utm_source=x&shape=circle&v=9&size=48&"] {
            let again = try client.get(spelling)
            #expect(again.header("X-Cache") == "hit", "\(spelling)")
            #expect(again.body == first.body)
        }
        // What the replica was asked for is the normalised URL, once.
        #expect(edge.waitLogged("/avatar/Re%20Ordered?shape=circle&size=48", times: 1).reduce(0, +) == 1)
        // A parameter that changes the answer is part of the key.
        #expect(try client.get("/avatar/Re%20Ordered?shape=square&size=48").header("X-Cache") == "miss")
        // A group's repeated picture= keeps its order (it says which face gets which picture).
        let group = "/group/A,B?picture=&picture=&size=32"
        #expect(try client.get(group).status != 0)
        #expect(edge.waitLogged(group, times: 1).reduce(0, +) == 1)
    }

    @Test("each URL is rendered by one replica, and the URLs are spread over both")
    func oneReplicaPerURL() throws {
        let edge = try Edge()
        let client = try RawClient(port: edge.varnish.port)
        var owners: Set<Int> = []
        for index in 0..<16 {
            // Bad parameters are answered no-store, so every repeat reaches a replica.
            let target = "/avatar/Shard\(index)?size=1"
            for _ in 0..<3 { #expect(try client.get(target).status == 400) }
            let counts = edge.waitLogged(target, times: 3)
            #expect(counts.reduce(0, +) == 3 && counts.contains(0), "\(target) went to both: \(counts)")
            owners.insert(counts[0] > 0 ? 0 : 1)
        }
        #expect(owners == [0, 1])
    }

    @Test("a directory change purges the changed person at the edge, and only them")
    func directoryPurge() throws {
        let edge = try Edge(directory: "email,name\nann@example.com,Ann Lee\nbob@example.com,Bob Roe\n")
        let ann = "/gravatar/\(GravatarSupport.md5("ann@example.com"))?s=40"
        let bob = "/gravatar/\(GravatarSupport.md5("bob@example.com"))?s=40"
        let client = try RawClient(port: edge.varnish.port)
        let before = try client.get(ann)
        #expect(before.status == 200)
        #expect(try client.get(ann).header("X-Cache") == "hit")
        _ = try client.get(bob)
        #expect(try client.get(bob).header("X-Cache") == "hit")
        try "email,name\nann@example.com,Zed Quo\nbob@example.com,Bob Roe\n".write(toFile: edge.directory, atomically: true, encoding: .utf8)
        for replica in edge.replicas { kill(replica.process.processIdentifier, SIGHUP) }
        // Polled, with a generous bound: the purge is due within a second of each reload.
        var after = try client.get(ann)
        for _ in 0..<200 where after.header("ETag") == before.header("ETag") {
            usleep(50_000)
            after = try client.get(ann)
        }
        #expect(after.status == 200)
        #expect(after.header("ETag") != before.header("ETag"), "the edge still answers the old entry")
        #expect(after.body != before.body)
        #expect(try client.get(bob).header("X-Cache") == "hit", "an unchanged person was purged too")
    }

    /// Attack (issue 23 attack pass): the edge sorted a query whose repeated name was
    /// percent-encoded (`id=Red&%69d=Blue`), so the replica was asked `%69d=Blue&id=Red` and the
    /// edge answered the faces' colours swapped (a Gravatar `s=40&%73=200`: the other size).
    /// A kept name with a `%` now leaves the query unsorted.
    @Test("a percent-encoded repeated name keeps its order at the edge")
    func percentEncodedNamesKeepTheirOrder() throws {
        let edge = try Edge()
        let client = try RawClient(port: edge.varnish.port)
        let ann = GravatarSupport.md5("ann@example.com")
        for target in ["/group/a,b.json?id=Red&%69d=Blue", "/group/a,b.json?%69d=Blue&id=Red", "/gravatar/\(ann)?s=40&%73=200"] {
            let direct = try RawClient(port: edge.replicas[0].port).get(target)
            let viaEdge = try client.get(target)
            #expect(viaEdge.status == 200 && viaEdge.body == direct.body, "\(target)")
        }
    }

    /// Attack (issue 23 attack pass): the edge passed `POST /purge` from anyone, and a replica
    /// without `server.trusted_proxies` sees it from the edge's own loopback address, inside the
    /// default `cache.purge_from`: before, an outside client's purge answered 200 and emptied
    /// the replica's cache. Now the edge refuses it (403), and so would the replica (a
    /// forwarded request from an untrusted proxy needs a signature). /metrics is not public.
    @Test("POST /purge and forwarded PURGEs through the edge from clients that may not purge are refused")
    func purgeThroughEdge() throws {
        let edge = try Edge(server: ["trusted_proxies": [String]()])
        let purge = "POST /purge HTTP/1.1\r\nHost: h\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 13\r\n\r\ntags=monogram"
        let outsider = try RawClient(port: edge.varnish.port, source: "127.0.0.2")
        try outsider.send(purge)
        #expect(try outsider.readResponse().status == 403)
        #expect(try RawClient(port: edge.varnish.port, source: "127.0.0.2").get("/metrics").status == 404)
        // Straight to a replica with the edge's X-Forwarded-For: refused too.
        let forwarded = try RawClient(port: edge.replicas[0].port)
        try forwarded.send(purge.replacingOccurrences(of: "Host: h\r\n", with: "Host: h\r\nX-Forwarded-For: 127.0.0.2\r\n"))
        #expect(try forwarded.readResponse().status == 403)
        // A PURGE from a purger's address that a proxy forwarded for someone else (a TLS
        // terminator on the same host): before, 200 "Purged 1" and the edge lost every object.
        let client = try RawClient(port: edge.varnish.port)
        #expect(try client.get("/avatar/Kept?size=40").status == 200)
        #expect(try client.get("/avatar/Kept?size=40").header("X-Cache") == "hit")
        let proxied = try RawClient(port: edge.varnish.port)
        try proxied.send("PURGE / HTTP/1.1\r\nHost: h\r\nxkey-purge: monogram\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n")
        #expect(try proxied.readResponse().status == 403)
        #expect(try client.get("/avatar/Kept?size=40").header("X-Cache") == "hit")
        // A purger reaches the edge's /metrics (replicas are purged directly, or with a signature).
        #expect(try RawClient(port: edge.varnish.port).get("/metrics").status == 200)
    }

    @Test("SIGTERM with server.drain_delay on one replica under steady load loses no request")
    func drainLosesNothing() throws {
        let edge = try Edge(server: ["drain_delay": 2, "shutdown_grace": 5])
        let stop = Locked(false)
        let tally = Locked((ok: 0, failed: [String]()))
        let finished = DispatchSemaphore(value: 0)
        let port = edge.varnish.port
        // Threads of their own: four blocking clients on Dispatch's pool would starve the
        // queue Foundation reaps child processes on (2 cores here).
        for worker in 0..<4 {
            Thread {
                defer { finished.signal() }
                var client = try? RawClient(port: port)
                var index = 0
                while !stop.withLock({ $0 }) {
                    index += 1
                    // Mostly new names (misses that reach a replica), some repeats (edge hits).
                    let target = "/avatar/Load\(worker)-\(index % 7 == 0 ? 0 : index)?size=32"
                    do {
                        guard let connection = client else { throw RawClient.ClientError(description: "no connection") }
                        let response = try connection.get(target)
                        if response.status == 200 {
                            tally.withLock { $0.ok += 1 }
                        } else {
                            tally.withLock { $0.failed.append("\(target): \(response.status)") }
                        }
                    } catch {
                        tally.withLock { $0.failed.append("\(target): \(error)") }
                        client = try? RawClient(port: port)
                    }
                }
            }.start()
        }
        // Load first, then the replica leaves while it goes on, then a while after.
        _ = MonogramProcess.waitForOutput { edge.replicas.allSatisfy { $0.stdoutText.contains("/avatar/Load") } }
        let status = edge.replicas[0].stop(signal: SIGTERM)
        let served = tally.withLock { $0.ok }
        _ = MonogramProcess.waitForOutput { tally.withLock { $0.ok } > served + 200 }
        stop.withLock { $0 = true }
        for _ in 0..<4 { finished.wait() }
        let result = tally.withLock { $0 }
        #expect(status == 0)
        #expect(result.failed.isEmpty, "lost: \(result.failed.prefix(5)) of \(result.failed.count)")
        #expect(result.ok > served)
    }
}
