import Dispatch
@testable import MonogramService
import MonogramSync
import Testing

@Suite("edge purges (API §9)")
struct EdgePurgerTests {
    @Test("edge URLs: http only, host, port and path")
    func urls() {
        #expect(EdgeURL("http://varnish:6081/")?.description == "http://varnish:6081/")
        #expect(EdgeURL("http://127.0.0.1")?.path == "/")
        #expect(EdgeURL("http://[::1]:6081/x")?.authority == "[::1]:6081")
        for bad in ["https://cdn.example/", "varnish:6081", "http://:80/", "http://a:0/", "http://a:99999/", "http://a b/", "http://[::1/"] {
            #expect(EdgeURL(bad) == nil, "\(bad)")
        }
    }

    @Test("tags go out once each, in header-sized batches")
    func batches() {
        let tags = (0..<500).map { "p-\(String($0, radix: 16))" } + ["p-0", "p-1"]
        let batches = EdgeQueue.batches(tags)
        #expect(batches.allSatisfy { $0.utf8.count <= EdgePurger.maxHeaderBytes })
        #expect(batches.flatMap { $0.split(separator: " ") }.count == 500)
    }

    @Test("each edge gets every purge on its own thread; a flood collapses into monogram")
    func sends() {
        let sent = Locked<[String: [String]]>([:])
        let arrived = DispatchSemaphore(value: 0)
        let purger = EdgePurger(urls: ["http://a:1/", "http://b:2/"], log: { _ in }) { url, tags in
            sent.withLock { $0[url.host, default: []].append(tags) }
            arrived.signal()
            return nil
        }
        purger.purge(["p-1", "p-2"])
        arrived.wait()
        arrived.wait()
        #expect(sent.withLock { $0 } == ["a": ["p-1 p-2"], "b": ["p-1 p-2"]])
        purger.purge((0...EdgePurger.maxQueuedTags).map { "p-\($0)" })
        arrived.wait()
        arrived.wait()
        #expect(sent.withLock { $0["a"]?.last } == "monogram")
    }
}

@Suite("edge purges never wait for an edge")
struct EdgePurgerBlockingTests {
    @Test("a purge returns while the edge hangs; what comes meanwhile is sent after it, once")
    func deadEdgeDoesNotBlock() {
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), second = DispatchSemaphore(value: 0)
        let calls = Locked<[String]>([])
        let purger = EdgePurger(urls: ["http://dead:1/"], log: { _ in }) { _, tags in
            let count = calls.withLock { calls in
                calls.append(tags)
                return calls.count
            }
            if count == 1 {
                started.signal()
                release.wait()
            } else {
                second.signal()
            }
            return nil
        }
        purger.purge(["p-0"])
        started.wait()
        // The edge hangs in its first send; each of these only queues and returns.
        for index in 1..<100 { purger.purge(["p-\(index)"]) }
        release.signal()
        second.wait()
        let sent = calls.withLock { $0 }
        #expect(sent.count == 2)
        #expect(sent.first == "p-0")
        #expect(sent.last?.split(separator: " ").count == 99)
    }
}
