import Foundation
import Testing

/// Slow and hostile clients (issue 8): small limits and timeouts so each case runs in seconds.
@Suite("hostile clients against the live server")
struct HostileClientTests {
    static let tight: [String: any Sendable] = [
        "max_connections": 8, "read_header_timeout": 1, "idle_timeout": 1, "write_timeout": 1,
    ]

    @Test("slowloris: heads trickled a byte at a time get 408 and close; others are served meanwhile")
    func slowloris() throws {
        let server = try MonogramProcess(config: ["server": Self.tight])
        let port = server.port
        let baseline = server.openSockets
        let normal = Thread {
            // Asked while the slow heads trickle in: the loops are not held up by them.
            #expect((try? RawClient(port: port).get("/avatar/Patient?size=16").status) == 200)
        }
        normal.start()
        let statuses = onThreads(6) { index throws -> Int in
            // Shared with the trickling thread: it only sends, this thread only reads.
            nonisolated(unsafe) let client = try RawClient(port: port, timeout: 10)
            let trickle = Thread {
                // Pacing is the attack itself: one byte every 150 ms, never a full head.
                for byte in "GET /avatar/Loris\(index) HTTP/1.1\r\nHost: t\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8 {
                    guard (try? client.send([byte])) != nil else { return }
                    usleep(150_000)
                }
            }
            trickle.start()
            let response = try client.readResponse()
            #expect(response.header("Connection") == "close")
            #expect(client.readsToEnd(timeout: 5))
            return response.status
        }
        #expect(statuses.map { try? $0.get() } == Array(repeating: 408, count: 6))
        #expect(eventually(within: 5) { server.openSockets <= baseline })
    }

    @Test("a client that never reads is dropped after the write timeout, with bounded buffering; others are served")
    func neverReads() throws {
        let server = try MonogramProcess(config: ["server": Self.tight, "render": ["workers": 1]])
        let baseline = server.openSockets
        let greedy = try RawClient(port: server.port)
        greedy.limitBuffers(to: 16384)
        // 200,000 pipelined requests (9.4 MB) for a 1024-px PNG answered from cache: more than
        // the kernel's socket buffers absorb for a server that has stopped reading (with
        // 20,000 the receive buffer's autotuning sometimes took them all).
        _ = try RawClient(port: server.port).get("/avatar/Hog?size=1024")
        let request = Array("GET /avatar/Hog?size=1024 HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        let all = Array(repeating: request, count: 200_000).flatMap { $0 }
        let taken = greedy.sendUntilFull(all)
        #expect(taken < all.count, "the server kept reading requests it could not answer")
        #expect(try RawClient(port: server.port).get("/healthz").status == 200)
        // The greedy connection still has unwritten output, so only the write timeout can end it.
        #expect(eventually(within: 10) { server.openSockets <= baseline })
        #expect(server.residentBytes < 256 << 20)
    }

    @Test("half-closed sockets: requests sent before the FIN are all answered, then the server closes")
    func halfClosed() throws {
        let server = try MonogramProcess()
        let client = try RawClient(port: server.port)
        try client.send((0..<3).map { "GET /avatar/Half\($0).json HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
        client.shutdownWrite()
        for _ in 0..<3 { #expect(try client.readResponse().status == 200) }
        #expect(client.isClosedByPeer())

        let partial = try RawClient(port: server.port)
        try partial.send("GET /avatar/Cut HTTP/1.1\r\nHo")
        partial.shutdownWrite()
        #expect(partial.readsToEnd(timeout: 5))
        #expect(try RawClient(port: server.port).get("/healthz").status == 200)
    }

    @Test("a connection flood past max_connections: newcomers take idle connections' places or get 503, the count stays bounded, never a crash")
    func flood() throws {
        let server = try MonogramProcess(config: ["server": ["max_connections": 8, "idle_timeout": 30]])
        var statuses: [Int] = []
        var kept: [RawClient] = []
        for _ in 0..<40 {
            guard let client = try? RawClient(port: server.port, timeout: 5) else {
                statuses.append(0)
                continue
            }
            do {
                let response = try client.get("/healthz")
                statuses.append(response.status)
                if response.status == 503 { #expect(response.header("Retry-After") == "1") }
            } catch {
                statuses.append(0)  // reset before the 503 could be read: refused
            }
            kept.append(client)
        }
        #expect(Array(statuses.prefix(8)) == Array(repeating: 200, count: 8))
        // Each newcomer closes the longest-idle keep-alive (idle as of a loop's last sweep) or,
        // when none is, is refused with 503.
        #expect(statuses.dropFirst(8).allSatisfy { $0 == 200 || $0 == 503 || $0 == 0 })
        #expect(statuses.dropFirst(8).contains(200), "idle connections made room for newcomers")
        let metrics = try PrometheusText(RawClient(port: server.port).get("/metrics").text)
        #expect((metrics.value("monogram_open_connections") ?? 99) <= 8)
        #expect((metrics.value("monogram_evicted_connections_total") ?? 0) >= 1)
        kept.removeAll()
        #expect(eventually(within: 10) { (try? RawClient(port: server.port).get("/healthz").status) == 200 })
        #expect(server.process.isRunning)
        #expect(server.stop() == 0)
    }

    @Test("a client pipelining heads split across reads for longer than read_header_timeout is served, not 408")
    func longPipelinedStream() throws {
        let server = try MonogramProcess(config: ["server": ["read_header_timeout": 1]])
        // Shared with the writer thread: it only sends, this test only reads.
        nonisolated(unsafe) let client = try RawClient(port: server.port)
        let requests = (0..<40).map { "GET /avatar/Stream\($0 % 5).json HTTP/1.1\r\nHost: t\r\n\r\n" }
        let bytes = Array(requests.joined().utf8)
        let writer = Thread {
            // Every send ends in the middle of a head, so some head is always partial; each is
            // completed 75 ms later. 40 requests take 3 s, three read-header timeouts.
            let step = bytes.count / 40
            let cuts = [0] + Array(stride(from: step / 2, to: bytes.count, by: step)) + [bytes.count]
            for (start, end) in zip(cuts, cuts.dropFirst()) {
                guard (try? client.send(Array(bytes[start..<end]))) != nil else { return }
                usleep(75_000)
            }
        }
        writer.start()
        var statuses: [Int] = []
        for _ in 0..<40 {
            guard let response = try? client.readResponse() else { break }
            statuses.append(response.status)
            if response.status != 200 { break }
        }
        #expect(statuses == Array(repeating: 200, count: 40))
    }

    @Test("10,000 pipelined requests on one socket: buffering stays bounded while answers are unread; all are answered in order")
    func tenThousandPipelined() throws {
        let server = try MonogramProcess()
        // Shared with the writer thread: it only sends, this test only reads.
        nonisolated(unsafe) let client = try RawClient(port: server.port)
        client.limitBuffers(to: 65536)
        let picture = try client.get("/avatar/Pipe?size=512&shape=circle")
        #expect(picture.status == 200)
        let before = server.residentBytes
        // 0.5 MB of requests asking for ~\(picture.body.count) bytes each from the cache: a
        // server that read them all while we do not read would queue 10,000 answers.
        let request = Array("GET /avatar/Pipe?size=512&shape=circle HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        let all = Array(repeating: request, count: 10_000).flatMap { $0 }
        let taken = client.sendUntilFull(all)
        let growth = server.residentBytes - before
        #expect(growth < 64 << 20, "RSS grew \(growth >> 20) MiB with \(taken / request.count) requests taken, answers unread")
        let rest = Array(all[taken...])
        let writer = Thread { try? client.send(rest) }
        writer.start()
        var answered = 0
        for index in 0..<10_000 {
            let response = try client.readResponse()
            guard response.status == 200, response.body.count == picture.body.count else {
                Issue.record("response \(index): \(response.status) \(response.text.prefix(80))")
                break
            }
            answered += 1
        }
        #expect(answered == 10_000)
    }

    @Test("clients that reset mid-write, while large answers and renders are queued for them, leave nothing behind")
    func resetsMidWrite() throws {
        let server = try MonogramProcess()
        let port = server.port
        #expect(try RawClient(port: port).get("/avatar/Reset?size=1024&dpr=2").status == 200)
        let baseline = server.openSockets
        for round in 0..<20 {
            let client = try RawClient(port: port)
            client.limitBuffers(to: 4096)
            // Cache hits and fresh renders (deferred answers) pipelined, then an RST.
            try client.send((0..<16).map { index in
                index % 4 == 0 ? "GET /avatar/Reset\(round)-\(index)?size=64 HTTP/1.1\r\nHost: t\r\n\r\n"
                    : "GET /avatar/Reset?size=1024&dpr=2 HTTP/1.1\r\nHost: t\r\n\r\n"
            }.joined())
            _ = try client.readResponse()  // the server is writing the next answers now
            client.resetOnClose()
        }
        #expect(eventually(within: 10) { server.openSockets <= baseline })
        #expect(try RawClient(port: port).get("/healthz").status == 200)
        #expect(server.process.isRunning)
    }
}

extension RawClient {
    /// `SO_LINGER` 0: closing the socket sends an RST instead of a FIN.
    func resetOnClose() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }
}
