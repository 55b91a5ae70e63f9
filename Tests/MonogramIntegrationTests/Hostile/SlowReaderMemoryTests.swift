import Foundation
import Testing

/// Issue 11, break 2: answers queued for clients that read nothing are bounded per connection
/// (counted when each request is taken) and share the cached body instead of copying it, and
/// the memory goes back once those clients leave.
@Suite("slow readers and memory")
struct SlowReaderMemoryTests {
    /// A circle, so the PNG is RGBA (the square is indexed and since the avatar-specialised
    /// deflate only ~130 KB).
    static let target = "/avatar/Jane%20Doe?size=1024&dpr=4&font-size=0.9&shape=circle"
    /// A ~590 KB PNG: 32 of them (19 MB) are far more than the kernel's socket buffers take
    /// (loopback autotunes a send buffer up to 4 MiB), so what the server holds shows.
    static let budget = 1 << 20

    @Test("100 connections pipelining 32 requests for a cached 590 KB PNG and reading nothing keep RSS bounded; it comes back down after they close")
    func pipelinedHitsToNonReaders() throws {
        let server = try MonogramProcess(config: [
            "server": ["max_connections": 256, "write_timeout": 60, "idle_timeout": 60],
            // 100 connections from one address: more than one client may hold by default.
            "limits": ["client_connections": 0],
        ])
        let warm = try RawClient(port: server.port).get(Self.target)
        #expect(warm.status == 200 && warm.body.count > 400_000)
        let baseline = server.residentBytes
        let request = String(repeating: "GET \(Self.target) HTTP/1.1\r\nHost: t\r\n\r\n", count: 32)
        var clients = try (0..<100).map { _ in
            let client = try RawClient(port: server.port)
            client.limitBuffers(to: 16384)
            try client.send(request)
            return client
        }
        // At rest every connection holds at least its budget (it would take another request
        // otherwise, and 32 answers are far more than the kernel takes): wait for that.
        func queued() -> Double {
            (try? PrometheusText(RawClient(port: server.port).get("/metrics").text))?.value("monogram_connection_queued_bytes") ?? -1
        }
        #expect(eventually(within: 30) { queued() >= Double(100 * Self.budget) }, "every connection filled its budget")
        // The clients never read, so whatever the server holds for them is resident now.
        let held = server.residentBytes
        let total = queued()
        print("slow readers: RSS \(baseline >> 20) → \(held >> 20) MiB, \(Int(total) >> 10) KiB queued on 100 connections")
        #expect(held - baseline < 64 << 20, "RSS grew \((held - baseline) >> 20) MiB over \(baseline >> 20) MiB")
        // Each connection: under the budget when its last request was taken, plus that answer.
        #expect(total <= Double(100 * (Self.budget + warm.body.count + 1024)), "\(Int(total)) bytes queued")
        clients.removeAll()  // closes every socket
        #expect(eventually(within: 10) { server.residentBytes < baseline + (16 << 20) }, "RSS \(server.residentBytes >> 20) MiB after the clients left")
    }
}
