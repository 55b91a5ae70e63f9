import Dispatch
import Glibc
import MonogramCore
import MonogramHTTP
import MonogramSync

/// Sends `PURGE` with `xkey-purge: <tags>` to each edge cache of `cache.purge_urls` (API §9),
/// off every request and reload path: `purge` only queues, and each edge has its own thread
/// that sends, retrying a failed edge for at most `retryFor`. A dead edge therefore never
/// blocks a reload, a request, or the other edges.
///
/// Bounded: an edge's queue holds at most `maxQueuedTags` tags; past that the queue collapses
/// into one purge of `monogram` (every answer), which is never wrong, only wider.
final class EdgePurger: Sendable {
    static let maxQueuedTags = 20_000
    /// One `xkey-purge` value stays under Varnish's default 8 KiB header limit.
    static let maxHeaderBytes = 4000
    static let retryFor: Duration = .seconds(30)

    let edges: [EdgeQueue]

    init(urls: [String], log: @escaping @Sendable (String) -> Void, sender: @escaping EdgeQueue.Sender = EdgeHTTP.purge) {
        edges = urls.compactMap(EdgeURL.init).map { EdgeQueue(url: $0, log: log, sender: sender) }
    }

    /// Queues `tags` (tag texts: `monogram` or `p-…`) for every edge and returns at once.
    func purge(_ tags: [String]) {
        guard !tags.isEmpty else { return }
        for edge in edges { edge.enqueue(tags) }
    }
}

/// One edge: its queue of tags and the thread that sends them.
final class EdgeQueue: Sendable {
    /// Sends one PURGE; nil on a 2xx answer, else what went wrong (for the log).
    typealias Sender = @Sendable (_ url: EdgeURL, _ tags: String) -> String?

    private struct State {
        var tags: [String] = []
        var all = false
        var started = false
    }

    let url: EdgeURL
    private let state = Locked(State())
    /// Signalled per `enqueue`; the thread waits on it (a wake that finds the queue already
    /// emptied sends nothing).
    private let wake = DispatchSemaphore(value: 0)
    private let log: @Sendable (String) -> Void
    private let sender: Sender
    /// Purges this edge acknowledged, and those given up after `retryFor` (for tests).
    let sent = Locked(0), dropped = Locked(0)

    init(url: EdgeURL, log: @escaping @Sendable (String) -> Void, sender: @escaping Sender) {
        self.url = url
        self.log = log
        self.sender = sender
    }

    func enqueue(_ tags: [String]) {
        let start = state.withLock { state -> Bool in
            if tags.contains(CacheTag.all) || state.all || state.tags.count + tags.count > EdgePurger.maxQueuedTags {
                state.all = true
                state.tags = []
            } else {
                state.tags += tags
            }
            defer { state.started = true }
            return !state.started
        }
        if start { _ = OSThread(name: "edge-purge") { [self] in run() } }
        wake.signal()
    }

    /// The thread: waits for tags, sends them in header-sized batches, each retried with a
    /// doubling pause (0.1 s … 2 s) until it is acknowledged or `retryFor` has passed.
    private func run() {
        while true {
            wake.wait()
            let (tags, all) = state.withLock { state in
                defer { state.tags = []; state.all = false }
                return (state.tags, state.all)
            }
            guard all || !tags.isEmpty else { continue }
            for batch in all ? [CacheTag.all] : EdgeQueue.batches(tags) { send(batch) }
        }
    }

    private func send(_ batch: String) {
        let clock = ContinuousClock()
        let giveUp = clock.now + EdgePurger.retryFor
        var pause = Duration.milliseconds(100)
        while true {
            guard let failure = sender(url, batch) else {
                sent.withLock { $0 += 1 }
                return
            }
            guard clock.now + pause < giveUp else {
                dropped.withLock { $0 += 1 }
                log("edge purge \(url): given up after \(EdgePurger.retryFor): \(failure)")
                return
            }
            log("edge purge \(url): \(failure); retrying")
            EdgeQueue.sleep(pause)
            pause = min(pause * 2, .seconds(2))
        }
    }

    /// Space-separated values of at most `maxHeaderBytes`, each tag once.
    static func batches(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var batches: [String] = []
        var current = ""
        for tag in tags where seen.insert(tag).inserted {
            if !current.isEmpty, current.utf8.count + 1 + tag.utf8.count > EdgePurger.maxHeaderBytes {
                batches.append(current)
                current = ""
            }
            current += current.isEmpty ? tag : " " + tag
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }

    static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) != 0, errno == EINTR { request = left }
    }
}
